import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { PageTitle } from '../../components/ui/PageTitle.tsx';
import { QueryView } from '../../components/ui/QueryView.tsx';
import { useAuth } from '../../lib/auth/use-auth.ts';
import { requestErrorMessage } from '../../lib/request-errors.ts';
import { useWebhookStatus } from './api/get-webhook-status.ts';
import { useSendWebhookTestEventMutation } from './api/send-webhook-test-event.ts';

const dateTime = (iso: string) =>
  new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));

/** /webhook-test (public): are billing webhooks configured, and what arrived last. Admins can send a test event. */
export default function WebhookTestPage() {
  const status = useWebhookStatus();
  const auth = useAuth();
  const send = useSendWebhookTestEventMutation();
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8">
      <PageTitle>Billing webhook status</PageTitle>
      <QueryView query={status} what="the webhook status">
        {(view) => (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
            <dt className="font-medium">Webhooks</dt>
            <dd>{view.configured ? 'Configured (Stripe)' : 'Not configured: billing runs in TEST MODE'}</dd>
            <dt className="font-medium">Last event</dt>
            <dd>
              {view.last_event
                ? `${view.last_event.type}${view.last_event.test ? ' (test event)' : ''}, received ${dateTime(view.last_event.received_at)}`
                : 'None received yet'}
            </dd>
          </dl>
        )}
      </QueryView>
      {auth.status === 'signed-in' ? (
        <section className="flex flex-col gap-3">
          <h2 className="text-xl font-semibold">Send a test event</h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Admins only. A signed event goes through the real webhook; it is about a reserved test customer and changes
            nobody&apos;s subscription.
          </p>
          <Button className="self-start" disabled={send.isPending} onClick={() => send.mutate()}>
            {send.isPending ? 'Sending...' : 'Send a signed test event'}
          </Button>
          {send.isError ? <Alert tone="error">{requestErrorMessage(send.error)}</Alert> : null}
          {send.isSuccess ? <Alert tone="success">Test event received.</Alert> : null}
        </section>
      ) : null}
    </div>
  );
}
