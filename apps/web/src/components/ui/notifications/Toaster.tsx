import { type SyntheticEvent, useSyncExternalStore } from 'react';
import { type ToastMessage, type ToastStore, toastStore } from './toast-store.ts';

const VARIANT_CLASSES = {
  default:
    'border-neutral-200 bg-white text-neutral-900 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-50',
  destructive: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-50',
} as const;

/** Renders the visible toasts of `store` (the app-wide store by default); mount once, near the root. */
export function Toaster({ store = toastStore }: { store?: ToastStore }) {
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const toastItems = (destructive: boolean) =>
    toasts
      .filter((toast) => (toast.variant === 'destructive') === destructive)
      .map((toast) => <ToastItem key={toast.id} toast={toast} store={store} />);

  return (
    // Top of the viewport: at the bottom a toast could cover a phone's primary action. With a
    // member's tab bar, just above it instead (index.css, html[data-tab-bar], by this aria-label).
    // The wrapper lets clicks through; only the toasts themselves take pointer events.
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-4 top-4 z-50 flex flex-col sm:left-auto sm:w-full sm:max-w-sm"
    >
      {/* Both live regions are always in the DOM: screen readers only announce changes to a region
          that already exists. Errors interrupt (assertive); everything else waits its turn (polite).
          Not atomic: announce only the toast that was added, not the whole stack again. */}
      <div role="alert" aria-live="assertive" aria-atomic="false" className="flex flex-col gap-2 not-empty:pb-2">
        {toastItems(true)}
      </div>
      <div role="status" aria-live="polite" aria-atomic="false" className="flex flex-col gap-2">
        {toastItems(false)}
      </div>
    </section>
  );
}

function ToastItem({ toast, store }: { toast: ToastMessage; store: ToastStore }) {
  const { action, id } = toast;
  const onDismiss = () => store.dismiss(id);
  // Held while the pointer is on it or the focus in it; let go only when neither is.
  const hold = (event: SyntheticEvent<HTMLElement>) =>
    store.hold(id, event.currentTarget.matches(':hover,:focus-within'));
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: pointer and focus only pause its timer; its buttons are the controls.
    <div
      onMouseEnter={hold}
      onMouseLeave={hold}
      onFocus={hold}
      onBlur={hold}
      className={`pointer-events-auto flex items-start gap-3 rounded-lg border p-4 shadow-lg ${VARIANT_CLASSES[toast.variant]}`}
    >
      <div className="min-w-0 flex-1">
        <p className="font-bold">{toast.title}</p>
        {toast.description ? <p className="mt-1 text-sm opacity-90">{toast.description}</p> : null}
        {action ? (
          <button
            type="button"
            className="mt-3 rounded-md border border-current/30 px-3 py-1.5 text-sm font-medium hover:bg-current/10"
            onClick={() => {
              action.onClick();
              // Acting on the toast answers it, so it should not linger.
              onDismiss();
            }}
          >
            {action.label}
          </button>
        ) : null}
      </div>
      <button
        type="button"
        aria-label="Dismiss notification"
        className="-m-2.5 inline-flex size-11 shrink-0 items-center justify-center rounded-md opacity-70 hover:opacity-100"
        onClick={onDismiss}
      >
        <span aria-hidden="true" className="text-xl leading-none">
          ×
        </span>
      </button>
    </div>
  );
}
