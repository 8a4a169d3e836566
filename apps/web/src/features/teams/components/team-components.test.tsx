import type { Invitation, TeamMember } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { teamAbilities } from '../team-abilities.ts';
import { InvitationList } from './InvitationList.tsx';
import { InviteForm } from './InviteForm.tsx';
import { MemberList } from './MemberList.tsx';
import { SeatChoice } from './SeatChoice.tsx';

// No DOM in the unit project: the markup is checked as a string. The API client's session store
// reads the browser's location and storage as it loads; rendering calls no endpoint.
vi.hoisted(() => {
  const items = new Map<string, string>();
  const localStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
  Object.assign(globalThis, { window: { location: { hostname: 'localhost' }, localStorage }, navigator: {} });
});

const render = (node: ReactNode) =>
  renderToStaticMarkup(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);

const members: TeamMember[] = [
  {
    user_id: 'owner-1',
    name: 'Pat Owner',
    email: 'pat@example.com',
    role: 'owner',
    joined_at: '2026-11-01T00:00:00Z',
    seated: true,
  },
  {
    user_id: 'office-1',
    name: '',
    email: 'olive@example.com',
    role: 'office',
    joined_at: '2026-11-02T00:00:00Z',
    seated: true,
  },
  {
    user_id: 'field-1',
    name: 'Sam Field',
    email: 'sam@example.com',
    role: 'field',
    joined_at: '2026-11-03T00:00:00Z',
    seated: true,
  },
];
/** The free plan's two seats after a lapse: the owner and the office keep theirs, the field member reads. */
const pastTheSeats: TeamMember[] = members.map((member) => ({ ...member, seated: member.user_id !== 'field-1' }));
const invitations: Invitation[] = [
  {
    id: 'inv-office',
    email: 'new-office@example.com',
    role: 'office',
    invited_by_name: 'Pat Owner',
    created_at: '2026-11-20T00:00:00Z',
    expires_at: '2026-11-27T00:00:00Z',
  },
  {
    id: 'inv-field',
    email: 'new-field@example.com',
    role: 'field',
    invited_by_name: null,
    created_at: '2026-11-20T00:00:00Z',
    expires_at: '2026-11-27T00:00:00Z',
  },
];

describe('the member list', () => {
  it('shows the owner every member with Remove and a role choice for the others, and marks "You"', () => {
    const markup = render(
      <MemberList
        userId="owner-1"
        members={members}
        abilities={teamAbilities({ user_id: 'owner-1', role: 'owner' })}
      />,
    );
    expect(markup).toContain('Pat Owner');
    expect(markup).toMatch(/Pat Owner<span[^>]*><span>You<\/span>/);
    expect(markup).toContain('Role: Owner');
    expect(markup).not.toContain('aria-label="Remove Pat Owner"');
    expect(markup).toContain('aria-label="Remove olive@example.com"');
    expect(markup).toContain('aria-label="Remove Sam Field"');
    expect(markup).toContain('>Role of Sam Field</label>');
    expect(markup).toContain('>Role of olive@example.com</label>');
  });

  it('shows the office Remove for field members only, and roles as text', () => {
    const markup = render(
      <MemberList
        userId="office-1"
        members={members}
        abilities={teamAbilities({ user_id: 'office-1', role: 'office' })}
      />,
    );
    expect(markup.match(/aria-label="Remove /g)).toHaveLength(1);
    expect(markup).toContain('aria-label="Remove Sam Field"');
    expect(markup).not.toContain('<select');
    expect(markup).toContain('Role: Field');
  });

  it('shows the field crew the list and nothing to change', () => {
    const markup = render(
      <MemberList
        userId="field-1"
        members={members}
        abilities={teamAbilities({ user_id: 'field-1', role: 'field' })}
      />,
    );
    expect(markup).not.toContain('Remove');
    expect(markup).not.toContain('<select');
    expect(markup).toContain('olive@example.com');
  });
});

describe('members without a seat', () => {
  it('are marked "Read only: no seat" for every role, and only they are', () => {
    for (const you of [
      { user_id: 'owner-1', role: 'owner' },
      { user_id: 'office-1', role: 'office' },
      { user_id: 'field-1', role: 'field' },
    ] as const) {
      const markup = render(<MemberList userId={you.user_id} members={pastTheSeats} abilities={teamAbilities(you)} />);
      expect(markup.match(/Read only: no seat/g)).toHaveLength(1);
      expect(markup).toMatch(
        /Sam Field(<span[^>]*><span>You<\/span><\/span>)?<span[^>]*><span>Read only: no seat<\/span>/,
      );
    }
    const allSeated = render(
      <MemberList
        userId="owner-1"
        members={members}
        abilities={teamAbilities({ user_id: 'owner-1', role: 'owner' })}
      />,
    );
    expect(allSeated).not.toContain('Read only');
  });
});

describe("the owner's choice of who keeps a seat", () => {
  const boxes = (markup: string) =>
    markup.match(/<label[^>]*><input type="checkbox"[^>]*\/><span[^>]*>[^<]*<\/span>/g) ?? [];

  it('labels a box per member, starts from who is seated, and keeps the owner checked and disabled', () => {
    const markup = render(<SeatChoice userId="owner-1" members={pastTheSeats} seats={2} />);
    const [owner, office, field] = boxes(markup);
    expect(boxes(markup)).toHaveLength(3);
    expect(owner).toMatch(/><span[^>]*>Pat Owner \(you\)<\/span>$/);
    expect(owner).toContain('checked=""');
    expect(owner).toContain('disabled=""');
    expect(office).toMatch(/><span[^>]*>olive@example.com<\/span>$/);
    expect(office).toContain('checked=""');
    expect(office).not.toContain('disabled');
    // Both seats are taken (the owner's and the office's): the field member's box cannot be checked.
    expect(field).not.toContain('checked');
    expect(field).toMatch(/><span[^>]*>Sam Field<\/span>$/);
    expect(field).toContain('disabled=""');
    expect(markup).toContain('2 of 2 seats chosen, you included.');
    expect(markup).toContain('<button type="submit"');
    expect(markup).toContain('>Save who keeps a seat</button>');
  });

  it('leaves the unchecked boxes open while seats are free', () => {
    const markup = render(<SeatChoice userId="owner-1" members={pastTheSeats} seats={5} />);
    const [, office, field] = boxes(markup);
    expect(office).not.toContain('disabled');
    expect(field).not.toContain('disabled');
    expect(field).not.toContain('checked');
    expect(markup).toContain('2 of 5 seats chosen, you included.');
  });
});

describe('the invitations waiting', () => {
  it('say to whom, as what, from whom and until when; the office resends and revokes field invitations only', () => {
    const markup = render(
      <InvitationList
        userId="office-1"
        invitations={invitations}
        abilities={teamAbilities({ user_id: 'office-1', role: 'office' })}
      />,
    );
    expect(markup).toContain('new-office@example.com');
    expect(markup).toContain('Office · Invited by Pat Owner');
    expect(markup).toContain('Field · Invited by a former member');
    expect(markup).toContain('Expires ');
    expect(markup).toContain('aria-label="Resend the invitation to new-field@example.com"');
    expect(markup).toContain('aria-label="Revoke the invitation to new-field@example.com"');
    expect(markup).not.toContain('aria-label="Resend the invitation to new-office@example.com"');
  });
});

describe('the invite form', () => {
  it('labels each field visibly and offers only the roles the caller may give', () => {
    const office = render(<InviteForm userId="office-1" roles={['field']} />);
    expect(office).toMatch(/<label[^>]*>Email address<\/label>/);
    expect(office).toMatch(/<label[^>]*>Role<\/label>/);
    expect(office).toContain('<option value="field" selected="">Field</option>');
    expect(office).not.toContain('value="office"');

    const owner = render(<InviteForm userId="owner-1" roles={['office', 'field']} />);
    expect(owner).toContain('<option value="office">Office</option>');
  });
});
