const listeners = new Set<() => void>();
let raised = false;

/** Whether any toast has been raised yet: <Toaster /> loads the toasts' code only from then on. */
export const toastsRaised = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  get: () => raised,
  raise() {
    if (raised) return;
    raised = true;
    for (const listener of listeners) listener();
  },
};
