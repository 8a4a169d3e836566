import type { WaitingSignature } from '@app/contract';
import { Link } from 'react-router';
import { textLinkClasses } from '../../../components/ui/Button.tsx';
import { JoinedText } from '../../../components/ui/JoinedText.tsx';
import { RecentItemsPanel } from '../../../components/ui/RecentItemsPanel.tsx';
import { useSignaturesWaiting } from '../api/get-signatures-waiting.ts';

/** "3 Dec": when a link was sent, in the owner's own time zone. */
const sentOn = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short' });

/**
 * The dashboard's signatures still to come: who has a link and has not answered, and since when;
 * and who declined lately, with their reason.
 */
export function SignaturesWaitingPanel({ userId }: { userId: string }) {
  const waiting = useSignaturesWaiting(userId);
  const total = waiting.data?.total ?? 0;
  const items = waiting.data?.items ?? [];
  return (
    <RecentItemsPanel
      title="Signatures waiting"
      noun="signatures"
      list={{ ...waiting, items }}
      empty={<p>No signatures waiting. Send a document for signing from its page.</p>}
      renderItem={(item) => <WaitingItem key={item.request_id} item={item} />}
      footer={total > items.length ? `and ${total - items.length} more` : undefined}
    />
  );
}

const statusText: Record<WaitingSignature['status'], string> = {
  pending: 'not opened yet',
  opened: 'opened, not signed yet',
  declined: 'declined',
};

function WaitingItem({ item }: { item: WaitingSignature }) {
  const since =
    item.status === 'declined' && item.declined_at
      ? sentOn.format(new Date(item.declined_at))
      : item.sent_at
        ? `sent ${sentOn.format(new Date(item.sent_at))}`
        : null;
  return (
    <li className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <Link to={item.document_path} className={`break-words ${textLinkClasses}`}>
        <bdi>{item.document_label}</bdi>
      </Link>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        <JoinedText parts={[item.signer_name, statusText[item.status], since]} />
      </p>
      {item.decline_reason ? (
        <p className="mt-1 break-words text-sm">
          Reason: <bdi>{item.decline_reason}</bdi> Change the document if need be, and send it again from its page.
        </p>
      ) : null}
    </li>
  );
}
