import { Button } from '../../../components/ui/Button.tsx';

/** Previous / next for one of the console's lists; `what` names the list for screen readers. */
export function Pager({
  what,
  page,
  hasMore,
  onPage,
}: {
  what: string;
  page: number;
  hasMore: boolean;
  onPage: (page: number) => void;
}) {
  if (page === 1 && !hasMore) return null;
  return (
    <nav aria-label={`${what} pages`} className="flex items-center gap-3">
      <Button variant="secondary" disabled={page === 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="text-sm">Page {page}</span>
      <Button variant="secondary" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
