import { useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';

/**
 * Where one of the console's lists is: the cursors of the pages opened so far (the API pages by
 * cursor, ADR 0054), so Previous goes back the way it came.
 */
export function useCursorPages() {
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  return {
    cursor: cursors.at(-1),
    page: cursors.length,
    next: (cursor: string) => setCursors((opened) => [...opened, cursor]),
    previous: () => setCursors((opened) => (opened.length > 1 ? opened.slice(0, -1) : opened)),
    reset: () => setCursors([undefined]),
  };
}

/** Previous / next for one of the console's lists; `what` names the list for screen readers. */
export function Pager({
  what,
  pages,
  nextCursor,
}: {
  what: string;
  pages: ReturnType<typeof useCursorPages>;
  nextCursor: string | null;
}) {
  if (pages.page === 1 && !nextCursor) return null;
  return (
    <nav aria-label={`${what} pages`} className="flex items-center gap-3">
      <Button variant="secondary" disabled={pages.page === 1} onClick={pages.previous}>
        Previous
      </Button>
      <span className="text-sm">Page {pages.page}</span>
      <Button variant="secondary" disabled={!nextCursor} onClick={() => nextCursor && pages.next(nextCursor)}>
        Next
      </Button>
    </nav>
  );
}
