import {
  ACCOUNT_DELETION_CONFIRMATION,
  accountMessages,
  authErrorCodes,
  errorCodes,
  INVALID_EMAIL_MESSAGE,
  isEmailAddress,
} from '@app/contract';
import { type ChangeEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/Alert.tsx';
import { SubmitButton, textLinkClasses } from '../../../components/ui/Button.tsx';
import { toast } from '../../../components/ui/notifications/index.ts';
import { TextField } from '../../../components/ui/TextField.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { authErrorMessage } from '../../../lib/auth/auth-errors.ts';
import { authStore } from '../../../lib/auth/auth-store.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { useDeleteAccountMutation } from '../api/delete-account.ts';
import { useRequestEmailChangeMutation } from '../api/request-email-change.ts';
import { NewPasswordForm } from '../UpdatePasswordPage.tsx';
import { PasswordField } from './PasswordField.tsx';
import { useAuthForm } from './use-auth-form.ts';
import { useLeaveThenSignOut } from './use-leave-then-sign-out.ts';

const ENTER_PASSWORD = 'Enter your current password.';
const EMAIL_TAKEN = 'That address already belongs to another TradeCert account. Use a different one.';

const codeOf = (error: unknown) => (error instanceof ApiError ? error.code : undefined);

/** The signed-in account's own settings on /profile: its email address, its password, deleting it (PRODUCT.md, Account). */
export function AccountSettings() {
  const auth = useAuth();
  // Saving a password empties the form: a new key mounts a fresh one.
  const [passwordFormKey, setPasswordFormKey] = useState(0);
  if (auth.status !== 'signed-in') return null;
  const { email } = auth.session.user;
  return (
    <div className="flex flex-col gap-8">
      <AccountPart title="Change email address">
        <EmailChangeForm email={email} />
      </AccountPart>
      <AccountPart title="Change password">
        <NewPasswordForm
          key={passwordFormKey}
          askCurrentPassword={auth.session.recovery !== true}
          onSaved={() => setPasswordFormKey((key) => key + 1)}
        />
      </AccountPart>
      <AccountPart title="Delete account">
        <DeleteAccountForm />
      </AccountPart>
    </div>
  );
}

/** A titled region, so each form's fields (several are "Current password") are told apart by where they are. */
function AccountPart({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h3 id={headingId} className="text-lg font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function EmailChangeForm({ email }: { email: string }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useFormFields(['newEmail', 'password']);
  const newEmail = form.value('newEmail');
  const password = form.value('password');
  const change = useRequestEmailChangeMutation();
  const code = codeOf(change.error);
  const fieldProblem =
    code === authErrorCodes.currentPasswordIncorrect
      ? 'password'
      : code === authErrorCodes.userAlreadyExists || code === authErrorCodes.invalidEmail
        ? 'newEmail'
        : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per refusal, shown by the field it is about.
  useEffect(() => {
    if (!change.error || !fieldProblem) return;
    const message =
      fieldProblem === 'password'
        ? authErrorMessage(change.error)
        : code === authErrorCodes.userAlreadyExists
          ? EMAIL_TAKEN
          : INVALID_EMAIL_MESSAGE;
    form.setError(fieldProblem, message);
    form.focus(fieldProblem);
  }, [change.error]);

  const submit = form.onSubmit(
    () => {
      const address = newEmail.trim().toLowerCase();
      return {
        newEmail: !isEmailAddress(address)
          ? INVALID_EMAIL_MESSAGE
          : address === email
            ? accountMessages.sameEmail
            : undefined,
        password: password ? undefined : ENTER_PASSWORD,
      };
    },
    () =>
      change.mutate(
        { new_email: newEmail, current_password: password },
        {
          onSuccess: ({ new_email }) => {
            setSentTo(new_email);
            form.reset();
          },
        },
      ),
  );

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <p className="break-words">
        You sign in with <strong>{email}</strong>. We send a link to the new address; your email changes only when you
        open it.
      </p>
      {sentTo ? (
        <Alert tone="success">
          We sent a link to {sentTo}. Open it to finish the change; until then, keep signing in with {email}. We have
          also let {email} know.
        </Alert>
      ) : null}
      <TextField
        {...form.bind('newEmail')}
        label="New email address"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
      />
      <PasswordField {...form.bind('password')} label="Current password" autoComplete="current-password" />
      {change.isError && !fieldProblem ? <Alert tone="error">{authErrorMessage(change.error)}</Alert> : null}
      <SubmitButton pending={change.isPending} pendingLabel="Sending link...">
        Send confirmation link
      </SubmitButton>
    </form>
  );
}

function DeleteAccountForm() {
  const form = useFormFields(['confirmation', 'password']);
  const confirmation = form.value('confirmation');
  const password = form.value('password');
  const { leaving, leave } = useLeaveThenSignOut();
  const deletion = useDeleteAccountMutation({
    onSuccess: () => {
      toast({
        title: 'Account deleted',
        description: 'Your account, its records and its files have been deleted, and you are signed out everywhere.',
      });
      leave(() => void authStore.accountDeleted(), { accountDeleted: true });
    },
  });
  const { error } = deletion;
  const code = codeOf(error);
  const confirmationIssue =
    error instanceof ApiError ? error.details.find((issue) => issue.path === 'confirmation') : undefined;
  const fieldProblem =
    code === authErrorCodes.currentPasswordIncorrect ? 'password' : confirmationIssue ? 'confirmation' : null;
  // The one conflict: a paid subscription still renews (its message says what to do).
  const subscriptionRenews = code === errorCodes.conflict;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per refusal, shown by the field it is about.
  useEffect(() => {
    if (!error || !fieldProblem) return;
    form.setError(fieldProblem, confirmationIssue?.message ?? authErrorMessage(error));
    form.focus(fieldProblem);
  }, [error]);

  const submit = form.onSubmit(
    () => ({
      confirmation:
        confirmation.trim() === ACCOUNT_DELETION_CONFIRMATION ? undefined : accountMessages.deletionNotConfirmed,
      password: password ? undefined : ENTER_PASSWORD,
    }),
    () => deletion.mutate({ confirmation: ACCOUNT_DELETION_CONFIRMATION, current_password: password }),
  );

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <p>
        This permanently deletes your account: your company profile, logo and signature, every certificate and its
        photos. Links and QR codes to your certificates stop working. This cannot be undone.
      </p>
      <p>
        If you pay for Premium, first cancel it on the{' '}
        <Link to="/subscription" className={textLinkClasses}>
          Subscription page
        </Link>
        .
      </p>
      <TextField
        {...form.bind('confirmation')}
        label={`Type ${ACCOUNT_DELETION_CONFIRMATION} to confirm`}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
      />
      <PasswordField {...form.bind('password')} label="Current password" autoComplete="current-password" />
      {subscriptionRenews ? (
        <Alert tone="error">
          {accountMessages.subscriptionStillActive}{' '}
          <Link to="/subscription" className={textLinkClasses}>
            Go to the Subscription page
          </Link>
        </Alert>
      ) : error && !fieldProblem ? (
        <Alert tone="error">{authErrorMessage(error)}</Alert>
      ) : null}
      <SubmitButton variant="danger" pending={deletion.isPending || leaving} pendingLabel="Deleting account...">
        Delete my account
      </SubmitButton>
    </form>
  );
}

/** useAuthForm with the values too: each field's props, and a field's problem cleared once it is edited. */
function useFormFields<Field extends string>(fields: readonly Field[]) {
  const form = useAuthForm(fields);
  const [values, setValues] = useState<Partial<Record<Field, string>>>({});
  const value = (name: Field) => values[name] ?? '';
  return {
    ...form,
    value,
    reset: () => setValues({}),
    bind: (name: Field) => ({
      ...form.field(name),
      value: value(name),
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const { value: typed } = event.target;
        setValues((current) => ({ ...current, [name]: typed }));
        form.setError(name, undefined);
      },
    }),
  };
}
