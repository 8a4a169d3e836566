import type { AdminContactMessage } from '@app/contract';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button, textLinkClasses } from '../../../components/ui/Button.tsx';
import { QueryView } from '../../../components/ui/QueryView.tsx';
import { requestErrorMessage } from '../../../lib/request-errors.ts';
import { dateTime } from '../admin-dates.ts';
import { useContactMessages } from '../api/list-contact-messages.ts';
import { useMarkMessageHandledMutation } from '../api/mark-message-handled.ts';
import { Pager, useCursorPages } from './Pager.tsx';

/** Messages from /contact, newest first, each marked handled once someone has dealt with it. */
export function MessagesSection({ adminId }: { adminId: string }) {
  const pages = useCursorPages();
  const messages = useContactMessages(adminId, pages.cursor);
  return (
    <section aria-labelledby="admin-messages" className="flex flex-col gap-4">
      <h2 id="admin-messages" className="text-xl font-semibold">
        Contact messages
      </h2>
      <QueryView query={messages} what="the contact messages">
        {(view) => (
          <>
            {view.messages.length === 0 ? <p>No messages yet.</p> : null}
            <ul className="flex flex-col gap-3">
              {view.messages.map((message) => (
                <MessageCard key={message.id} adminId={adminId} message={message} />
              ))}
            </ul>
            <Pager what="Contact messages" pages={pages} nextCursor={view.next_cursor} />
          </>
        )}
      </QueryView>
    </section>
  );
}

function MessageCard({ adminId, message }: { adminId: string; message: AdminContactMessage }) {
  const markHandled = useMarkMessageHandledMutation(adminId);
  return (
    <li className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <article aria-label={`Message from ${message.name}`} className="flex flex-col gap-2">
        <p className="text-sm">
          <strong>{message.name}</strong>
          {message.company ? `, ${message.company}` : ''} ·{' '}
          <a className={`${textLinkClasses} break-all`} href={`mailto:${message.email}`}>
            {message.email}
          </a>{' '}
          · {dateTime(message.created_at)}
        </p>
        <p className="whitespace-pre-wrap break-words">{message.message}</p>
        {message.handled_at ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">Handled {dateTime(message.handled_at)}</p>
        ) : (
          <Button
            variant="secondary"
            className="self-start"
            disabled={markHandled.isPending}
            aria-label={`Mark handled: message from ${message.name}`}
            onClick={() => markHandled.mutate(message.id)}
          >
            Mark handled
          </Button>
        )}
        {markHandled.isError ? <Alert tone="error">{requestErrorMessage(markHandled.error)}</Alert> : null}
      </article>
    </li>
  );
}
