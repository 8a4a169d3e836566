import { useEffect, useRef } from 'react';

/**
 * Opens a native modal <dialog> while the component is mounted: the page behind is inert, focus
 * starts on `initialFocus` (the safe choice) and returns to whatever opened the dialog.
 */
export function useModalDialog<Focus extends HTMLElement>() {
  const dialog = useRef<HTMLDialogElement>(null);
  const initialFocus = useRef<Focus>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const element = dialog.current;
    element?.showModal();
    initialFocus.current?.focus();
    return () => {
      element?.close();
      opener?.focus();
    };
  }, []);

  return { dialog, initialFocus };
}
