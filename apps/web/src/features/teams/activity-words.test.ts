import { ACTIVITY_EVENT_TYPES, type ActivityEntry } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { activitySentence, recordLink } from './activity-words.ts';

const entry = (overrides: Partial<ActivityEntry>): ActivityEntry => ({
  id: 'e1',
  occurred_at: '2026-11-29T03:05:00.000Z',
  type: 'document.issued',
  actor: 'member',
  by: { user_id: 'u1', name: 'Sam Taylor' },
  signer: null,
  record: null,
  member: null,
  email: null,
  role: null,
  from_role: null,
  ...overrides,
});

const certificate = { kind: 'certificate' as const, id: 'c1', number: 'WPC-2026-0007', version: 1 };

describe('the activity view in words', () => {
  it('names who issued, amended, deleted or withdrew which record', () => {
    expect(activitySentence(entry({ record: certificate }))).toBe('Sam Taylor issued certificate WPC-2026-0007');
    expect(activitySentence(entry({ record: { ...certificate, version: 3 } }))).toBe(
      'Sam Taylor issued an amendment (version 3) of certificate WPC-2026-0007',
    );
    expect(activitySentence(entry({ type: 'document.deleted', record: { ...certificate, version: null } }))).toBe(
      'Sam Taylor deleted certificate WPC-2026-0007',
    );
    expect(
      activitySentence(entry({ type: 'document.withdrawn', record: { ...certificate, number: null, version: null } })),
    ).toBe('Sam Taylor withdrew a certificate (it had been signed, so it is kept)');
    expect(
      activitySentence(
        entry({ type: 'signing.sent', record: { kind: 'swms', id: 's1', number: 'SWMS-2026-0002', version: null } }),
      ),
    ).toBe('Sam Taylor sent SWMS SWMS-2026-0002 to a signer for signing');
  });

  it('names a signer by the name they were sent under, and TradeCert for what it did itself', () => {
    const signed = entry({
      type: 'signing.signed',
      actor: 'signer',
      by: null,
      signer: 'Casey Crew',
      record: certificate,
    });
    expect(activitySentence(signed)).toBe('Casey Crew signed certificate WPC-2026-0007');
    expect(activitySentence({ ...signed, type: 'signing.reminded', actor: 'system' })).toBe(
      'TradeCert reminded Casey Crew to sign certificate WPC-2026-0007',
    );
  });

  it('says "Former member" for one whose account is gone, and names the member a team event is about', () => {
    expect(activitySentence(entry({ by: null, record: certificate }))).toBe(
      'Former member issued certificate WPC-2026-0007',
    );
    const roleChange = entry({
      type: 'member.role_changed',
      by: { user_id: 'o1', name: 'Alex Owner' },
      member: { user_id: 'u1', name: 'Jo Office' },
      role: 'field',
      from_role: 'office',
    });
    expect(activitySentence(roleChange)).toBe("Alex Owner changed Jo Office's role from Office to Field");
    expect(activitySentence({ ...roleChange, type: 'member.removed', member: null })).toBe(
      'Alex Owner removed a former member from the team',
    );
    expect(activitySentence(entry({ type: 'member.invited', email: 'sam@example.com', role: 'field' }))).toBe(
      'Sam Taylor invited sam@example.com as Field',
    );
  });

  it('has words for every event type of the trail, each a sentence of its own', () => {
    const sentences = ACTIVITY_EVENT_TYPES.map((type) => activitySentence(entry({ type, record: certificate })));
    for (const sentence of sentences) expect(sentence).toMatch(/^Sam Taylor \S.*[^.\s]$/);
    expect(new Set(sentences).size).toBe(ACTIVITY_EVENT_TYPES.length);
  });

  it('links to the record unless it was deleted', () => {
    expect(recordLink(entry({ record: certificate }))).toEqual({
      to: '/certificates/c1',
      label: 'Open certificate WPC-2026-0007',
    });
    expect(recordLink(entry({ record: { kind: 'cover_sheet', id: 'k1', number: null, version: null } }))?.to).toBe(
      '/swms/cover-sheet/edit/k1',
    );
    expect(recordLink(entry({ type: 'document.deleted', record: certificate }))).toBeNull();
    expect(recordLink(entry({ type: 'member.joined' }))).toBeNull();
  });
});
