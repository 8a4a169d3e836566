import type { WebhookEndpoint } from '@app/contract';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { ConfirmActionDialog } from '../../../components/ui/ConfirmActionDialog.tsx';
import { StatusChip } from '../../../components/ui/StatusChip.tsx';
import { requestErrorMessage } from '../../../lib/request-errors.ts';
import { useEnableWebhookMutation, useRotateWebhookSecretMutation } from '../api/webhooks.ts';
import { shortDateTime } from '../dates.ts';
import { ShownOnce } from './ShownOnce.tsx';

const failureClass = 'text-sm text-danger-700 dark:text-danger-100';

/**
 * Whether the endpoint is on: a disabled one says since when and why, with "Enable" for Premium;
 * once enabled, the card says so in place of the notice (and takes the focus the button had).
 */
export function EndpointState({
  userId,
  endpoint,
  premium,
}: {
  userId: string;
  endpoint: WebhookEndpoint;
  premium: boolean;
}) {
  const enable = useEnableWebhookMutation(userId);
  const enabledNotice = useRef<HTMLParagraphElement>(null);
  const justEnabled = enable.isSuccess && !endpoint.disabled_at;
  useEffect(() => {
    if (justEnabled) enabledNotice.current?.focus();
  }, [justEnabled]);

  if (!endpoint.disabled_at) {
    return justEnabled ? (
      <p ref={enabledNotice} tabIndex={-1} className="text-sm">
        <StatusChip tone="success">On</StatusChip> Turned back on: new events are sent to it again.
      </p>
    ) : null;
  }
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm">
        <StatusChip tone="danger">Turned off</StatusChip> since {shortDateTime(endpoint.disabled_at)}, because
        deliveries kept failing every attempt. Nothing is sent to it while it is off. Fix the receiver (the deliveries
        say what went wrong), then enable it.
      </p>
      {premium ? (
        <div>
          <Button
            aria-label={`Enable endpoint ${endpoint.url}`}
            disabled={enable.isPending}
            onClick={() => enable.mutate(endpoint.id)}
          >
            {enable.isPending ? 'Enabling...' : 'Enable'}
          </Button>
        </div>
      ) : null}
      {enable.isError ? (
        <p role="alert" className={failureClass}>
          We could not enable it. {requestErrorMessage(enable.error)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * "Rotate secret" (Premium), after a confirmation: the new secret shown once, as at registration.
 * For a day deliveries carry a signature with the previous secret too, which the card says.
 */
export function RotateSecret({ userId, endpoint }: { userId: string; endpoint: WebhookEndpoint }) {
  const rotate = useRotateWebhookSecretMutation(userId);
  const [confirming, setConfirming] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const previousUntil = endpoint.previous_secret_until;
  return (
    <>
      {secret ? (
        <ShownOnce
          label="Your endpoint’s new signing secret"
          value={secret}
          onDone={() => setSecret(null)}
          focusOnShow
        />
      ) : null}
      {previousUntil && Date.parse(previousUntil) > Date.now() ? (
        <p className="text-sm">The previous secret also works until {shortDateTime(previousUntil)}.</p>
      ) : null}
      <div>
        <Button
          variant="secondary"
          aria-label={`Rotate secret of endpoint ${endpoint.url}`}
          onClick={() => setConfirming(true)}
        >
          Rotate secret
        </Button>
      </div>
      {confirming ? (
        <ConfirmActionDialog
          title="Rotate this endpoint’s secret?"
          description={
            <>
              You get a new signing secret, shown once. For 24 hours each delivery is signed with the new and the old
              secret, so put the new one in your receiver within a day: after that the old one stops working.
            </>
          }
          cancelLabel="Keep current secret"
          confirmLabel="Rotate secret"
          failure="We could not rotate it."
          action={async () => {
            const rotated = await rotate.mutateAsync(endpoint.id);
            setConfirming(false);
            setSecret(rotated.secret);
          }}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </>
  );
}
