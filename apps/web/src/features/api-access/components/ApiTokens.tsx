import { API_TOKEN_EXPIRIES, type ApiTokenRequest, type ApiTokenScope } from '@app/contract';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { fieldErrorsFrom } from '../../../lib/request-errors.ts';
import { useApiTokens, useCreateApiTokenMutation, useRevokeApiTokenMutation } from '../api/api-tokens.ts';
import { shortDateTime } from '../dates.ts';
import { NewItemForm } from './NewItemForm.tsx';
import { RemovableList } from './RemovableList.tsx';
import { ShownOnce } from './ShownOnce.tsx';

const SCOPE_LABELS: Record<ApiTokenScope, string> = {
  read: 'Read only',
  read_write: 'Read and write',
};

const expiryLabel = (days: (typeof API_TOKEN_EXPIRIES)[number]) => (days === null ? 'Never' : `${days} days`);

/** The user's API tokens: made (Premium), listed with their last use, revoked. */
export function ApiTokens({ userId, premium }: { userId: string; premium: boolean }) {
  const tokens = useApiTokens(userId);
  const create = useCreateApiTokenMutation(userId);
  const revoke = useRevokeApiTokenMutation(userId);
  const [draft, setDraft] = useState({ name: '', scope: 'read' as ApiTokenScope, expiry: '90' });
  const [secret, setSecret] = useState<string | null>(null);
  const errors = fieldErrorsFrom(create.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: ApiTokenRequest = {
      name: draft.name,
      scope: draft.scope,
      expires_in_days: draft.expiry === 'never' ? null : (Number(draft.expiry) as 30 | 90 | 365),
    };
    create.mutate(body, {
      onSuccess: (created) => {
        setSecret(created.secret);
        // What was typed is kept until the token exists; then the form is ready for the next one.
        setDraft({ name: '', scope: 'read', expiry: '90' });
      },
    });
  };

  return (
    <section aria-labelledby="api-tokens-heading" className="flex flex-col gap-4">
      <h2 id="api-tokens-heading" className="text-xl font-semibold">
        API tokens
      </h2>
      <p>
        A token lets your job-management system read and create certificates, SWMS and signing requests as you. Send it
        as <code>Authorization: Bearer &lt;token&gt;</code> from your server; it never works for billing, your account
        or other tokens.
      </p>
      {secret ? <ShownOnce label="Your new API token" value={secret} onDone={() => setSecret(null)} /> : null}
      <RemovableList
        list={{ query: tokens, label: 'Your API tokens', what: 'tokens', empty: 'You have no API tokens.' }}
        remove={revoke}
        confirm={(token) => ({
          title: 'Revoke this token?',
          description: `${token.name} will stop working at once. Anything using it will need a new token.`,
          cancelLabel: 'Keep token',
          confirmLabel: 'Revoke token',
        })}
        removed={(token) => ({ title: 'Token revoked', description: `${token.name} no longer works.` })}
        failure="Revoke failed."
      >
        {(token, askToRemove) => (
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-semibold break-words">{token.name}</p>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {SCOPE_LABELS[token.scope]} · <span className="font-mono">tcat_{token.hint}…</span>
              </p>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                Last used: {token.last_used_at ? shortDateTime(token.last_used_at) : 'never'} · Expires:{' '}
                {token.expires_at ? shortDateTime(token.expires_at) : 'never'}
              </p>
            </div>
            <Button variant="secondary" aria-label={`Revoke token: ${token.name}`} onClick={askToRemove}>
              Revoke
            </Button>
          </div>
        )}
      </RemovableList>
      {premium ? (
        <NewItemForm
          heading="New token"
          create={create}
          submitLabel="Create token"
          pendingLabel="Creating token..."
          onSubmit={submit}
        >
          <TextField
            label="Name"
            hint="What uses it, e.g. ServiceM8."
            value={draft.name}
            maxLength={100}
            required
            error={errors.name}
            onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          />
          <Select
            label="Access"
            value={draft.scope}
            onChange={(event) => setDraft({ ...draft, scope: event.target.value as ApiTokenScope })}
            groups={[
              {
                label: 'Access',
                options: (Object.keys(SCOPE_LABELS) as ApiTokenScope[]).map((scope) => ({
                  value: scope,
                  label: SCOPE_LABELS[scope],
                })),
              },
            ]}
          />
          <Select
            label="Expires after"
            value={draft.expiry}
            onChange={(event) => setDraft({ ...draft, expiry: event.target.value })}
            groups={[
              {
                label: 'Expires after',
                options: API_TOKEN_EXPIRIES.map((days) => ({
                  value: String(days ?? 'never'),
                  label: expiryLabel(days),
                })),
              },
            ]}
          />
        </NewItemForm>
      ) : null}
    </section>
  );
}
