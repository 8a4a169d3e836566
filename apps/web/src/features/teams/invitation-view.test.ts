import { errorCodes, type InvitationPreview, teamMessages } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/http.ts';
import { invitationView, recordsToResolve } from './invitation-view.ts';

const pending: InvitationPreview = {
  business_name: 'Dry Right Waterproofing',
  role: 'field',
  email: 'sam@example.com',
  status: 'pending',
};

describe('what the invitation page shows', () => {
  it('says why a link no longer works and what to do next', () => {
    expect(invitationView({ ...pending, status: 'expired' }, null)).toEqual({
      kind: 'closed',
      title: 'This invitation has expired',
      nextStep: 'Ask Dry Right Waterproofing to send a new invitation.',
    });
    expect(invitationView({ ...pending, status: 'used' }, 'sam@example.com')).toMatchObject({
      title: 'This invitation has already been used',
    });
    expect(invitationView({ ...pending, status: 'revoked', business_name: '  ' }, null)).toEqual({
      kind: 'closed',
      title: 'This invitation was withdrawn',
      nextStep: 'Ask whoever invited you to send a new invitation.',
    });
  });

  it('asks a visitor to create an account or sign in', () => {
    expect(invitationView(pending, null)).toEqual({ kind: 'signed-out' });
  });

  it('lets the invited address join, whatever its case', () => {
    expect(invitationView(pending, 'Sam@Example.com')).toEqual({ kind: 'can-join' });
  });

  it('tells someone signed in with another address which one to use', () => {
    expect(invitationView(pending, 'boss@example.com')).toEqual({ kind: 'wrong-address', email: 'sam@example.com' });
  });
});

describe('the records an invitee must decide about', () => {
  it('are read from a records_to_resolve answer', () => {
    const counts = { certificates: 3, safety_documents: 1 };
    const error = new ApiError(
      409,
      errorCodes.recordsToResolve,
      teamMessages.recordsToResolve(counts, 'Dry Right Waterproofing'),
      [
        { path: 'certificates', message: '3' },
        { path: 'safety_documents', message: '1' },
      ],
    );
    expect(recordsToResolve(error)).toEqual(counts);
  });

  it('are none for any other answer, and a malformed count reads as none', () => {
    expect(recordsToResolve(new ApiError(409, errorCodes.conflict, 'Already a member'))).toBeNull();
    expect(recordsToResolve(new Error('offline'))).toBeNull();
    const odd = new ApiError(409, errorCodes.recordsToResolve, 'Choose', [{ path: 'certificates', message: 'many' }]);
    expect(recordsToResolve(odd)).toEqual({ certificates: 0, safety_documents: 0 });
  });
});
