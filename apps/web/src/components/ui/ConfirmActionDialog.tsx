import { useState } from 'react';
import { requestErrorMessage } from '../../lib/request-errors.ts';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog.tsx';

/**
 * Asks before an action that can fail, then runs it: busy while it runs, closed by the caller once
 * it succeeds. A failure is said in the dialog, which stays open for another try or Cancel: the page
 * behind it (and its toasts) is inert while it is open.
 */
export function ConfirmActionDialog({
  action,
  failure,
  ...question
}: Omit<ConfirmDialogProps, 'busy' | 'problem' | 'onConfirm'> & {
  /** Runs the confirmed action; settles when it is done, rejects when it failed. */
  action: () => Promise<unknown>;
  /** What a failure's message starts with, e.g. "Delete failed."; the reason follows. */
  failure?: string;
}) {
  const [running, setRunning] = useState(false);
  const [problem, setProblem] = useState<string>();
  const run = async () => {
    setProblem(undefined);
    setRunning(true);
    try {
      await action();
    } catch (error) {
      setProblem(failure ? `${failure} ${requestErrorMessage(error)}` : requestErrorMessage(error));
    } finally {
      setRunning(false);
    }
  };
  return <ConfirmDialog {...question} busy={running} problem={problem} onConfirm={() => void run()} />;
}
