import { WEBHOOK_EVENT_TYPES, type WebhookDelivery, type WebhookEndpoint, type WebhookEventType } from '@app/contract';
import { type FormEvent, useState } from 'react';
import { ActionProblem } from '../../../components/ui/ActionProblem.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Checkbox } from '../../../components/ui/Checkbox.tsx';
import { ResendButton } from '../../../components/ui/ResendButton.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { StatusChip, type StatusTone } from '../../../components/ui/StatusChip.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { fieldErrorsFrom, requestErrorMessage } from '../../../lib/request-errors.ts';
import {
  useCreateWebhookMutation,
  useDeleteWebhookMutation,
  useResendDeliveryMutation,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from '../api/webhooks.ts';
import { shortDateTime } from '../dates.ts';
import { EndpointState, RotateSecret } from './EndpointActions.tsx';
import { NewItemForm } from './NewItemForm.tsx';
import { RemovableList } from './RemovableList.tsx';
import { ShownOnce } from './ShownOnce.tsx';

const EVENT_LABELS: Record<WebhookEventType, string> = {
  'certificate.issued': 'A certificate is issued',
  'certificate.amended': 'A certificate is amended',
  'document.signed': 'Someone signs a document',
  'document.declined': 'Someone declines to sign',
  'document.completed': 'Everyone has signed a document',
  'swms.version_issued': 'A SWMS version is issued',
};

const DELIVERY_STATUS: Record<WebhookDelivery['status'], { label: string; tone: StatusTone }> = {
  pending: { label: 'Sending', tone: 'info' },
  succeeded: { label: 'Delivered', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

/** The user's webhook endpoints: registered (Premium), each with its delivery log; deleted. */
export function Webhooks({ userId, premium }: { userId: string; premium: boolean }) {
  const endpoints = useWebhookEndpoints(userId);
  const create = useCreateWebhookMutation(userId);
  const remove = useDeleteWebhookMutation(userId);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENT_TYPES]);
  const [secret, setSecret] = useState<string | null>(null);
  const errors = fieldErrorsFrom(create.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { url, events },
      {
        onSuccess: (created) => {
          setSecret(created.secret);
          setUrl('');
        },
      },
    );
  };

  return (
    <section aria-labelledby="webhooks-heading" className="flex flex-col gap-4">
      <h2 id="webhooks-heading" className="text-xl font-semibold">
        Webhooks
      </h2>
      <p>
        We post each event to your https address as JSON, signed the Standard Webhooks way with the endpoint’s secret.
        Failed deliveries are retried for about 15 minutes; an endpoint that keeps failing is turned off and you get an
        email, and you can enable it again once it works. Rotate an endpoint’s secret if it may have leaked.
      </p>
      {secret ? (
        <ShownOnce label="Your endpoint’s signing secret" value={secret} onDone={() => setSecret(null)} />
      ) : null}
      <RemovableList
        list={{
          query: endpoints,
          label: 'Your webhook endpoints',
          what: 'webhooks',
          empty: 'You have no webhook endpoints.',
        }}
        remove={remove}
        confirm={(endpoint) => ({
          title: 'Delete this endpoint?',
          description: `Nothing more will be sent to ${endpoint.url}, and its delivery log goes too.`,
          cancelLabel: 'Keep endpoint',
          confirmLabel: 'Delete endpoint',
        })}
        removed={() => ({ title: 'Endpoint deleted', description: 'Nothing more will be sent to it.' })}
        failure="Delete failed."
      >
        {(endpoint, askToRemove) => (
          <EndpointRow userId={userId} endpoint={endpoint} premium={premium} onDelete={askToRemove} />
        )}
      </RemovableList>
      {premium ? (
        <NewItemForm
          heading="New endpoint"
          create={create}
          submitLabel="Add endpoint"
          pendingLabel="Adding endpoint..."
          onSubmit={submit}
        >
          <TextField
            label="URL"
            type="url"
            inputMode="url"
            placeholder="https://"
            hint="An https address on the public internet."
            value={url}
            required
            error={errors.url}
            onChange={(event) => setUrl(event.target.value)}
          />
          <fieldset>
            <legend className="font-semibold">Events</legend>
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox
                key={type}
                label={EVENT_LABELS[type]}
                checked={events.includes(type)}
                onChange={(checked) =>
                  setEvents(checked ? [...events, type] : events.filter((chosen) => chosen !== type))
                }
              />
            ))}
            {errors.events ? <p className="text-sm text-danger-700 dark:text-danger-100">{errors.events}</p> : null}
          </fieldset>
        </NewItemForm>
      ) : null}
    </section>
  );
}

function EndpointRow({
  userId,
  endpoint,
  premium,
  onDelete,
}: {
  userId: string;
  endpoint: WebhookEndpoint;
  premium: boolean;
  onDelete: () => void;
}) {
  const [showLog, setShowLog] = useState(false);
  return (
    <div className="flex flex-col gap-2">
      <p className="font-mono text-sm break-all">{endpoint.url}</p>
      <EndpointState userId={userId} endpoint={endpoint} premium={premium} />
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {endpoint.events.map((type) => EVENT_LABELS[type]).join(' · ')}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" aria-expanded={showLog} onClick={() => setShowLog(!showLog)}>
          {showLog ? 'Hide deliveries' : 'Show deliveries'}
        </Button>
        <Button variant="secondary" aria-label={`Delete endpoint ${endpoint.url}`} onClick={onDelete}>
          Delete
        </Button>
      </div>
      {premium ? <RotateSecret userId={userId} endpoint={endpoint} /> : null}
      {showLog ? (
        <DeliveryLog userId={userId} endpointId={endpoint.id} canResend={premium && !endpoint.disabled_at} />
      ) : null}
    </div>
  );
}

function DeliveryLog({ userId, endpointId, canResend }: { userId: string; endpointId: string; canResend: boolean }) {
  const deliveries = useWebhookDeliveries(userId, endpointId);
  const resend = useResendDeliveryMutation(userId, endpointId);
  if (deliveries.isError) return <p>We could not load the deliveries. {requestErrorMessage(deliveries.error)}</p>;
  if (deliveries.data === undefined) return <Spinner label="Loading deliveries..." />;
  if (deliveries.data.length === 0) return <p className="text-sm">Nothing has been sent to this endpoint yet.</p>;
  return (
    <>
      <ActionProblem what="Resend failed." error={resend.error} />
      <ul className="flex flex-col gap-2" aria-label="Deliveries">
        {deliveries.data.map((delivery) => (
          <li key={delivery.id} className="border-t border-slate-200 pt-2 text-sm dark:border-slate-700">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p>
                <StatusChip tone={DELIVERY_STATUS[delivery.status].tone}>
                  {DELIVERY_STATUS[delivery.status].label}
                </StatusChip>{' '}
                {EVENT_LABELS[delivery.event]} · {shortDateTime(delivery.created_at)}
              </p>
              {canResend && delivery.status !== 'pending' ? (
                <ResendButton
                  pending={resend.isPending}
                  sent={{ title: 'Sending again', description: 'The delivery is on its way.' }}
                  resend={(outcome) => resend.mutate(delivery.id, outcome)}
                />
              ) : null}
            </div>
            <ol className="mt-1 list-decimal pl-6 text-slate-600 dark:text-slate-300">
              {delivery.attempts.map((attempt) => (
                <li key={attempt.attempted_at}>
                  {shortDateTime(attempt.attempted_at)}:{' '}
                  {attempt.ok ? `delivered (${attempt.status_code})` : (attempt.error ?? 'failed')}
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ul>
    </>
  );
}
