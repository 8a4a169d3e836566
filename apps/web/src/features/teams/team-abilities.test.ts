import { describe, expect, it } from 'vitest';
import { teamAbilities } from './team-abilities.ts';

const owner = { user_id: 'owner-1', role: 'owner' as const };
const office = { user_id: 'office-1', role: 'office' as const };
const otherOffice = { user_id: 'office-2', role: 'office' as const };
const field = { user_id: 'field-1', role: 'field' as const };
const otherField = { user_id: 'field-2', role: 'field' as const };

describe('what the Team page offers each role (ADR 0077)', () => {
  it('offers the owner everything but removing or re-roling the owner', () => {
    const abilities = teamAbilities(owner);
    expect(abilities.invitableRoles).toEqual(['office', 'field']);
    expect(abilities.managesInvitationFor('office')).toBe(true);
    expect(abilities.managesInvitationFor('field')).toBe(true);
    expect([office, field].map(abilities.mayRemove)).toEqual([true, true]);
    expect([office, field].map(abilities.mayChangeRole)).toEqual([true, true]);
    expect(abilities.mayRemove(owner)).toBe(false);
    expect(abilities.mayChangeRole(owner)).toBe(false);
    expect(abilities.choosesSeats).toBe(true);
  });

  it('offers the office inviting, resending, revoking and removing field members only, and no role change', () => {
    const abilities = teamAbilities(office);
    expect(abilities.invitableRoles).toEqual(['field']);
    expect(abilities.managesInvitationFor('field')).toBe(true);
    expect(abilities.managesInvitationFor('office')).toBe(false);
    expect([owner, office, otherOffice, field].map(abilities.mayRemove)).toEqual([false, false, false, true]);
    expect([owner, otherOffice, field].map(abilities.mayChangeRole)).toEqual([false, false, false]);
    expect(abilities.choosesSeats).toBe(false);
  });

  it('offers the field crew the list only', () => {
    const abilities = teamAbilities(field);
    expect(abilities.invitableRoles).toEqual([]);
    expect(abilities.managesInvitationFor('field')).toBe(false);
    expect([owner, office, field, otherField].map(abilities.mayRemove)).toEqual([false, false, false, false]);
    expect([owner, office, otherField].map(abilities.mayChangeRole)).toEqual([false, false, false]);
    expect(abilities.choosesSeats).toBe(false);
  });
});
