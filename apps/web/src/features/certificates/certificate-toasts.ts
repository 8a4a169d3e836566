import { type Certificate, certificateMessages, errorCodes } from '@app/contract';
import type { ToastInput } from '../../components/ui/notifications/index.ts';
import { ApiError, NetworkError } from '../../lib/http.ts';
import { FREE_DRAFT_NOTE } from './draft-copy.ts';

/** The certificate toasts of PRODUCT.md, Messages: exact titles, and descriptions that say what to do next. */

export function savedToast(certificate: Certificate, action: 'create' | 'update'): ToastInput {
  const number = certificate.certificate_number ?? 'The certificate';
  if (certificate.status === 'completed') {
    return action === 'create'
      ? { title: 'Certificate created', description: `${number} is completed and ready to share.` }
      : { title: 'Certificate updated', description: `${number} has been saved.` };
  }
  if (certificate.status === 'in_review') {
    return { title: 'Submitted for review', description: 'The office will issue it or send it back to you.' };
  }
  if (action === 'update') return { title: 'Draft updated', description: 'Your changes to the draft have been saved.' };
  return { title: 'Draft saved', description: 'Finish it any time from your certificates.' };
}

export const deletedToast: ToastInput = {
  title: 'Certificate deleted',
  description: 'The certificate and its photos have been permanently deleted.',
};

/**
 * The server's words (PRODUCT.md, Messages: advise Premium for unlimited certificates) offer to save a draft, so
 * a second sentence says what that draft is on the free plan: saved to the account, never counted (ADR 0069).
 */
const monthlyLimitToast = (description: string = certificateMessages.monthlyLimit): ToastInput => ({
  title: 'Monthly limit reached',
  description: `${description} ${FREE_DRAFT_NOTE}`,
  variant: 'destructive',
});

const failure = (title: string, description: string): ToastInput => ({ title, description, variant: 'destructive' });

const notFound = () =>
  failure('Certificate not found', 'It may have been deleted. Open it again from your certificates list.');

/** Whether the free plan stood in the way (the user can upgrade). */
export function isPlanLimit(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === errorCodes.monthlyLimitReached || error.code === errorCodes.premiumRequired)
  );
}

/** Whether the server never stored the write: no connection, or the server (database) failed. */
export function isWriteFailure(error: unknown): boolean {
  return error instanceof NetworkError || (error instanceof ApiError && error.status >= 500);
}

export function createFailureToast(error: unknown): ToastInput {
  if (error instanceof ApiError && error.code === errorCodes.monthlyLimitReached)
    return monthlyLimitToast(error.message);
  if (error instanceof ApiError && error.status >= 500) {
    return failure('Database error', 'The certificate could not be saved. Your entries are still here: try again.');
  }
  if (error instanceof NetworkError) {
    return failure(
      'Error',
      'There was a problem saving the certificate: the server could not be reached. Check your signal and try again.',
    );
  }
  // The server's own words: a session problem (PRODUCT.md, Accounts and sessions), or what to fix in the form.
  if (error instanceof ApiError) return failure('Error', error.message);
  return failure('Error', 'There was a problem saving the certificate. Please try again.');
}

/** `savedLocally`: whether the edit could be kept on this device after a write failure. */
export function updateFailureToast(error: unknown, savedLocally: boolean): ToastInput {
  if (error instanceof ApiError && error.code === errorCodes.premiumRequired)
    return failure('Premium Feature', error.message);
  if (error instanceof ApiError && error.code === errorCodes.monthlyLimitReached)
    return monthlyLimitToast(error.message);
  if (error instanceof ApiError && error.status === 404) return notFound();
  if (isWriteFailure(error)) {
    return failure(
      'Database error',
      savedLocally
        ? 'Your changes were saved locally on this device but not synchronized: they are sent as soon as the server can be reached.'
        : 'Your changes could not be saved or kept on this device. Keep this page open and save again.',
    );
  }
  return failure('Update failed', error instanceof ApiError ? error.message : 'The certificate could not be updated.');
}

export function deleteFailureToast(error: unknown): ToastInput {
  if (error instanceof ApiError && error.code === errorCodes.premiumRequired)
    return failure('Premium Feature', error.message);
  if (error instanceof ApiError && error.status === 404) return notFound();
  if (error instanceof NetworkError) {
    return failure('Delete failed', 'The server could not be reached. Check your signal and try again.');
  }
  return failure('Delete failed', error instanceof ApiError ? error.message : 'The certificate could not be deleted.');
}
