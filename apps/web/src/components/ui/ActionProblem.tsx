import { requestErrorMessage } from '../../lib/request-errors.ts';
import { Alert } from './Alert.tsx';

/**
 * What went wrong with an action, kept on the page beside it until it is tried again: the toast that
 * said so goes after 2 s (ADR 0053), and a user who looked away must still find it. Not announced
 * again: the toast was.
 */
export function ActionProblem({ what, error }: { what: string; error: unknown }) {
  if (!error) return null;
  return (
    <Alert tone="error" live={false}>
      <strong>{what}</strong> {requestErrorMessage(error)}
    </Alert>
  );
}
