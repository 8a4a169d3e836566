import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { toastsRaised } from './toasts-raised.ts';

// Loaded with the first toast, so the public pages, which raise none, do not carry the toasts' code
// (PRODUCT.md, Budgets); the regions that announce them are in the page from the start.
const ToastList = lazy(() => import('./ToastList.tsx'));

/** The two live regions of the toasts, each filled by `list` (destructive or not). */
export function ToastRegions({ list }: { list: (destructive: boolean) => ReactNode }) {
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-4 top-4 z-50 flex flex-col sm:left-auto sm:w-full sm:max-w-sm"
    >
      {/* Both live regions are always in the DOM: screen readers only announce changes to a region
          that already exists. Errors interrupt (assertive); everything else waits its turn (polite).
          Not atomic: announce only the toast that was added, not the whole stack again. */}
      <div role="alert" aria-live="assertive" aria-atomic="false" className="flex flex-col gap-2 not-empty:pb-2">
        {list(true)}
      </div>
      <div role="status" aria-live="polite" aria-atomic="false" className="flex flex-col gap-2">
        {list(false)}
      </div>
    </section>
  );
}

/** Renders the app-wide store's visible toasts; mount once, near the root. */
export function Toaster() {
  const raised = useSyncExternalStore(toastsRaised.subscribe, toastsRaised.get, toastsRaised.get);
  return (
    <ToastRegions
      list={(destructive) =>
        raised ? (
          <Suspense fallback={null}>
            <ToastList destructive={destructive} />
          </Suspense>
        ) : null
      }
    />
  );
}
