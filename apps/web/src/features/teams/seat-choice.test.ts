import type { TeamMember } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { roomForAnother, seatedOthers, seatsLine, somePastTheSeats } from './seat-choice.ts';

const member = (user_id: string, seated: boolean): TeamMember => ({
  user_id,
  name: '',
  email: `${user_id}@example.com`,
  role: user_id === 'owner' ? 'owner' : 'field',
  joined_at: '2026-11-01T00:00:00Z',
  seated,
});

describe('seats on the Team page (ADR 0077)', () => {
  it('counts the seats used against the plan\'s, the bought ones already in "included"', () => {
    expect(seatsLine({ used: 3, included: 5, extra: 0 })).toBe('3 of 5 seats used');
    expect(seatsLine({ used: 7, included: 7, extra: 2 })).toBe('7 of 7 seats used');
  });

  it('tells when some members are past the seats', () => {
    expect(somePastTheSeats([member('owner', true), member('a', true)])).toBe(false);
    expect(somePastTheSeats([member('owner', true), member('a', false)])).toBe(true);
  });

  it("starts the owner's choice from the others seated now", () => {
    const members = [member('owner', true), member('a', true), member('b', false), member('c', true)];
    expect(seatedOthers(members, 'owner')).toEqual(['a', 'c']);
  });

  it('leaves room for another only while the owner and the chosen are fewer than the seats', () => {
    expect(roomForAnother([], 2)).toBe(true);
    expect(roomForAnother(['a'], 2)).toBe(false);
    expect(roomForAnother(['a', 'b'], 5)).toBe(true);
    expect(roomForAnother(['a', 'b', 'c', 'd'], 5)).toBe(false);
  });
});
