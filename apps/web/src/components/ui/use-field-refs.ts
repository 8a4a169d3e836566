import { useRef } from 'react';

/**
 * Refs to a form's controls by field name, so a form can move the focus to the first field with a
 * problem. One stable callback per field, so React does not detach and reattach it on every render.
 */
export function useFieldRefs<Field extends string>() {
  const controls = useRef(new Map<Field, HTMLElement>());
  const callbacks = useRef(new Map<Field, (element: HTMLElement | null) => void>());

  const refFor = (name: Field) => {
    let callback = callbacks.current.get(name);
    if (!callback) {
      callback = (element) => {
        if (element) controls.current.set(name, element);
        else controls.current.delete(name);
      };
      callbacks.current.set(name, callback);
    }
    return callback;
  };

  const focus = (name: Field) => controls.current.get(name)?.focus();

  /** Focuses the first of `fields` (in form order) that `problems` names; true if there was one. */
  const focusFirst = (fields: readonly Field[], problems: Partial<Record<Field, string | undefined>>) => {
    const first = fields.find((name) => problems[name]);
    if (first) focus(first);
    return first !== undefined;
  };

  return { refFor, focus, focusFirst };
}
