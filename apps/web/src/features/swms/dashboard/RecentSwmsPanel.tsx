import { FirstItemCallToAction, RecentItemsPanel } from '../../../components/ui/RecentItemsPanel.tsx';
import { useSwmsPages } from '../api/get-swms-list.ts';
import { SwmsListItem } from '../components/SwmsListItem.tsx';

const RECENT_COUNT = 5;

/** The dashboard's newest SWMS; the same query as /swms unfiltered, so the list opens from the cache. */
export function RecentSwmsPanel({ userId }: { userId: string }) {
  const list = useSwmsPages(userId, {});
  return (
    <RecentItemsPanel
      title="Recent SWMS"
      noun="SWMS"
      all={{ to: '/swms', label: 'All SWMS' }}
      empty={<FirstItemCallToAction noun="SWMS" to="/swms" label="Start your first SWMS" />}
      list={{ ...list, items: list.data?.pages[0]?.items.slice(0, RECENT_COUNT) ?? [] }}
      renderItem={(swms) => <SwmsListItem key={swms.id} swms={swms} />}
    />
  );
}
