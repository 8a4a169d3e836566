import { type ReactNode, useId } from 'react';
import { Button } from './Button.tsx';
import { useModalDialog } from './use-modal-dialog.ts';

export type ConfirmDialogProps = {
  title: string;
  description: ReactNode;
  /** What the description is about, in full, e.g. a list (which a paragraph cannot hold). */
  details?: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  /** While the confirmed action runs: both buttons disabled, Escape ignored. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** A third way out, neither cancel nor the destructive action (e.g. "Send them now"). */
  alternative?: { label: string; onClick: () => void } | undefined;
  /**
   * Why the confirmed action failed, said in the dialog: the page behind it (and its toasts) is
   * inert while it is open, so the dialog stays open and says what to do.
   */
  problem?: string | undefined;
};

/**
 * Asks before something that cannot be undone. A native modal <dialog>: the page behind is inert,
 * Escape cancels, focus starts on the safe choice (cancel) and returns to the opener afterwards.
 */
export function ConfirmDialog({
  title,
  description,
  details,
  cancelLabel,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
  alternative,
  problem,
}: ConfirmDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const { dialog, initialFocus: cancelButton } = useModalDialog<HTMLButtonElement>();
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      // Escape: the browser closes the dialog; keep it open while the action is under way.
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:bg-slate-900 dark:text-slate-100"
    >
      <h2 id={titleId} className="text-xl font-bold">
        {title}
      </h2>
      <p id={descriptionId} className="mt-3">
        {description}
      </p>
      {details}
      {problem ? (
        <p role="alert" className="mt-3 font-medium text-red-700 dark:text-red-400">
          {problem}
        </p>
      ) : null}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button ref={cancelButton} variant="secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        {alternative ? (
          <Button variant="secondary" onClick={alternative.onClick} disabled={busy}>
            {alternative.label}
          </Button>
        ) : null}
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
