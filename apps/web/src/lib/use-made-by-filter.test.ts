import { describe, expect, it } from 'vitest';
import { isTeamList, makerLabel } from './use-made-by-filter.ts';

const me = 'me-0000';
const sam = { user_id: 'sam-0000', name: 'Sam Taylor' };

describe('who made each row, in a list', () => {
  it('names another member, says "Former member" once their account is gone, and nothing on the caller’s own', () => {
    expect(makerLabel(sam, me)).toBe('Sam Taylor');
    expect(makerLabel(null, me)).toBe('Former member');
    expect(makerLabel({ user_id: me, name: 'Alex' }, me)).toBeNull();
  });

  it('treats a list as a team’s once it holds anyone else’s record, or while "Mine" is on', () => {
    expect(isTeamList([{ made_by: { user_id: me, name: 'Alex' } }], me, undefined)).toBe(false);
    expect(isTeamList([], me, undefined)).toBe(false);
    expect(isTeamList([{ made_by: sam }], me, undefined)).toBe(true);
    expect(isTeamList([{ made_by: null }], me, undefined)).toBe(true);
    expect(isTeamList([], me, 'me')).toBe(true);
  });
});
