import { Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary.tsx';
import { Toaster } from '../../components/ui/notifications/index.ts';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { documentTitle } from '../../lib/document-title.ts';
import type { RouteHandle } from './route-handle.ts';
import { SiteFooter } from './SiteFooter.tsx';
import { SiteHeader } from './SiteHeader.tsx';

function useDocumentTitle() {
  const matches = useMatches();
  const title = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .filter(Boolean)
    .at(-1);
  // Before any page's own effects, so a page that names itself more closely (the dashboard at `/`) wins.
  useLayoutEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

/**
 * After each route change (not the first page, which a screen reader reads from the top), the focus
 * moves to the new page's h1, which names it, as a page load would announce its title.
 */
function useFocusFollowsPage(pathname: string) {
  const firstPage = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once for each page the user goes to.
  useEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    const left = new AbortController();
    // Offline before the shell is cached, the module may not load: the focus stays where it is.
    import('./focus-page-heading.ts').then(
      (module) => module.default(left.signal),
      () => undefined,
    );
    return () => left.abort();
  }, [pathname]);
}

export function RootLayout() {
  const { pathname } = useLocation();
  useDocumentTitle();
  useFocusFollowsPage(pathname);
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="flex-1">
        {/* Keyed by path so an error on one page does not follow the user to the next. */}
        <ErrorBoundary key={pathname}>
          <Suspense
            fallback={
              // A screen tall, so the footer waits below the fold and the page arriving does not shift it.
              <div className="min-h-dvh">
                <Spinner label="Loading application..." />
              </div>
            }
          >
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <SiteFooter />
      <Toaster />
    </div>
  );
}
