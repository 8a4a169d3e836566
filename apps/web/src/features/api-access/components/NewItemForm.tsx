import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId } from 'react';
import { Alert } from '../../../components/ui/Alert.tsx';
import { SubmitButton } from '../../../components/ui/Button.tsx';
import { fieldErrorsFrom, requestErrorMessage } from '../../../lib/request-errors.ts';

/**
 * The form that makes a new token or webhook endpoint: its fields (which show their own errors),
 * then any error no field can show, then the submit button.
 */
export function NewItemForm({
  heading,
  create,
  submitLabel,
  pendingLabel,
  onSubmit,
  children,
}: {
  heading: string;
  create: Pick<UseMutationResult<unknown, Error, never>, 'isError' | 'error' | 'isPending'>;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" aria-labelledby={headingId}>
      <h3 id={headingId} className="text-lg font-semibold">
        {heading}
      </h3>
      {children}
      {create.isError && Object.keys(fieldErrorsFrom(create.error)).length === 0 ? (
        <Alert tone="error">
          <p>{requestErrorMessage(create.error)}</p>
        </Alert>
      ) : null}
      <div>
        <SubmitButton pending={create.isPending} pendingLabel={pendingLabel}>
          {submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}
