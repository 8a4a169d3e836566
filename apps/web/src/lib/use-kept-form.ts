import { useEffect, useRef, useState } from 'react';
import { forgetKeptForm, type KeptForm, keepForm, readKeptForm } from './kept-forms.ts';

type KeptFormOptions<Values> = {
  userId: string;
  /** Which form; none: nothing is kept or offered (a form that keeps nothing uses the same code). */
  formKey: string | undefined;
  /** What the form started from (the saved record, or a new one's defaults). */
  initial: Values;
  /** What it shows now. */
  values: Values;
  /** Accepts kept values that still fit the form (see readKeptForm). */
  parse: (values: unknown) => Values | undefined;
};

type KeptFormState<Values> = {
  /** Values typed on an earlier visit and not saved, until the user restores or discards them. */
  offer: KeptForm<Values> | undefined;
  /** Hands the offered values back (the form shows them) and ends the offer. */
  restore: () => Values | undefined;
  discard: () => void;
  /** Whether what the form shows differs from what it started from. */
  changed: boolean;
  /** False when the device had no room to keep the latest typing. */
  keptOnDevice: boolean;
};

const sameValues = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Keeps a form's typing on this device as it changes (lib/kept-forms.ts), and offers back what an
 * earlier visit left. Typing before answering the offer replaces it: the newer work is kept. A
 * page forgets it (forgetKeptForm) once the server has the save.
 */
export function useKeptForm<Values>({ userId, formKey, initial, values, parse }: KeptFormOptions<Values>) {
  const [offer, setOffer] = useState(() => {
    const kept = formKey === undefined ? undefined : readKeptForm(localStorage, userId, formKey, parse);
    return kept && !sameValues(kept.values, initial) ? kept : undefined;
  });
  const [keptOnDevice, setKeptOnDevice] = useState(true);
  const changed = !sameValues(values, initial);
  // The answer to an offer, or a save: until then, the untouched form must not erase what is kept.
  const settled = useRef(false);

  useEffect(() => {
    if (formKey === undefined) return;
    if (changed) {
      settled.current = true;
      setOffer(undefined);
      setKeptOnDevice(keepForm(localStorage, userId, formKey, values));
    } else if (settled.current) {
      forgetKeptForm(localStorage, userId, formKey);
    }
  }, [changed, values, userId, formKey]);

  const state: KeptFormState<Values> = {
    offer,
    restore: () => {
      settled.current = true;
      setOffer(undefined);
      return offer?.values;
    },
    discard: () => {
      settled.current = true;
      setOffer(undefined);
      if (formKey !== undefined) forgetKeptForm(localStorage, userId, formKey);
    },
    changed,
    keptOnDevice,
  };
  return state;
}
