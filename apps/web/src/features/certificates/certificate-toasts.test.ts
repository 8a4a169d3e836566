import { type Certificate, certificateMessages, errorCodes } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/http.ts';
import { createFailureToast, deleteFailureToast, savedToast, updateFailureToast } from './certificate-toasts.ts';

const certificate = (status: 'draft' | 'completed') =>
  ({ status, certificate_number: status === 'completed' ? 'WPC-2026-0001' : null }) as Certificate;

const limit = new ApiError(403, errorCodes.monthlyLimitReached, certificateMessages.monthlyLimit);
const premiumUpdate = new ApiError(403, errorCodes.premiumRequired, certificateMessages.premiumUpdate);
const premiumDelete = new ApiError(403, errorCodes.premiumRequired, certificateMessages.premiumDelete);
const notFound = new ApiError(404, errorCodes.notFound, certificateMessages.notFound);
const serverFailure = new ApiError(500, errorCodes.internalError, 'Something went wrong.');
const offline = new NetworkError();

describe('certificate toasts', () => {
  it('titles saves by action and status', () => {
    expect(savedToast(certificate('completed'), 'create').title).toBe('Certificate created');
    expect(savedToast(certificate('draft'), 'create')).toEqual({
      title: 'Draft saved',
      description: 'Finish it any time from your certificates.',
    });
    expect(savedToast(certificate('completed'), 'update').title).toBe('Certificate updated');
    expect(savedToast(certificate('draft'), 'update').title).toBe('Draft updated');
  });

  it('maps create failures', () => {
    expect(createFailureToast(limit)).toMatchObject({ title: 'Monthly limit reached', variant: 'destructive' });
    expect(createFailureToast(limit).description).toMatch(/upgrade to Premium for unlimited certificates/);
    // The server's words offer a draft; a second sentence says what a free user's draft is (ADR 0069).
    expect(createFailureToast(limit).description).toBe(
      `${certificateMessages.monthlyLimit} Drafts are saved to your account and never counted: only completing one counts towards the month.`,
    );
    expect(createFailureToast(serverFailure).title).toBe('Database error');
    expect(createFailureToast(offline).title).toBe('Error');
    const mismatch = new ApiError(403, errorCodes.userMismatch, certificateMessages.userMismatch);
    expect(createFailureToast(mismatch)).toMatchObject({
      title: 'Error',
      description: certificateMessages.userMismatch,
    });
  });

  it('maps update failures, saying whether the edit was kept on the device', () => {
    expect(updateFailureToast(premiumUpdate, false)).toMatchObject({
      title: 'Premium Feature',
      description: 'Premium subscription required to update certificates',
    });
    expect(updateFailureToast(notFound, false).title).toBe('Certificate not found');
    expect(updateFailureToast(offline, true)).toMatchObject({
      title: 'Database error',
      description: expect.stringMatching(/saved locally .* but not synchronized/),
    });
    expect(updateFailureToast(serverFailure, false).description).not.toMatch(/saved locally/);
    expect(updateFailureToast(new ApiError(400, errorCodes.validationFailed, 'Enter the date.'), false)).toMatchObject({
      title: 'Update failed',
      description: 'Enter the date.',
    });
  });

  it('maps delete failures', () => {
    expect(deleteFailureToast(premiumDelete)).toMatchObject({
      title: 'Premium Feature',
      description:
        'Premium Feature: Deleting certificates requires a premium subscription. Please upgrade to access this feature.',
    });
    expect(deleteFailureToast(notFound).title).toBe('Certificate not found');
    expect(deleteFailureToast(offline).title).toBe('Delete failed');
    expect(deleteFailureToast(serverFailure).title).toBe('Delete failed');
  });
});
