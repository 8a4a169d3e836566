import type { ToastInput } from './toast-store.ts';

/**
 * Raises a toast from code that every page loads, without putting the toasts' code in every page
 * (PRODUCT.md, Budgets). Offline before the app is cached, the toast cannot load and is not shown.
 */
export function toastLater(input: ToastInput): void {
  import('./toast-store.ts').then(
    ({ toast }) => toast(input),
    () => undefined,
  );
}
