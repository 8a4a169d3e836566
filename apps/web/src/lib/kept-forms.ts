/**
 * What a user typed into a form and has not saved yet, kept on this device as they type (ADR 0034):
 * a reload, a crash, Back or a dead battery loses nothing, and the form offers it back. One
 * localStorage key per user (`kept-forms:<user id>`, cleared on sign-out like every per-user key),
 * one entry per form: `new-certificate`, `certificate:<id>`, `profile`, `materials`.
 */
export type KeptForm<Values> = { values: Values; keptAt: string };

import { unsyncedChangeKeys } from './unsynced-changes.ts';

type FormStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Named in lib/unsynced-changes.ts (which the signed-in header loads), so signing out warns about typed work too. */
export const keptFormsKey = unsyncedChangeKeys.keptForms;

function readAll(storage: FormStorage, userId: string): Record<string, { values: unknown; keptAt: string }> {
  try {
    const raw = storage.getItem(keptFormsKey(userId));
    const parsed: unknown = raw === null ? null : JSON.parse(raw);
    return parsed !== null && typeof parsed === 'object'
      ? (parsed as Record<string, { values: unknown; keptAt: string }>)
      : {};
  } catch {
    return {};
  }
}

function writeAll(storage: FormStorage, userId: string, forms: Record<string, unknown>) {
  if (Object.keys(forms).length === 0) storage.removeItem(keptFormsKey(userId));
  else storage.setItem(keptFormsKey(userId), JSON.stringify(forms));
}

/**
 * The form's kept values, when there are any and `parse` accepts them (a release may have changed
 * the form's shape: what no longer fits is not offered).
 */
export function readKeptForm<Values>(
  storage: FormStorage,
  userId: string,
  formKey: string,
  parse: (values: unknown) => Values | undefined,
): KeptForm<Values> | undefined {
  const kept = readAll(storage, userId)[formKey];
  if (!kept || typeof kept.keptAt !== 'string') return undefined;
  const values = parse(kept.values);
  return values === undefined ? undefined : { values, keptAt: kept.keptAt };
}

/** Keeps the values; false when the device has no room left (the form then says so). */
export function keepForm(storage: FormStorage, userId: string, formKey: string, values: unknown, now = new Date()) {
  try {
    writeAll(storage, userId, { ...readAll(storage, userId), [formKey]: { values, keptAt: now.toISOString() } });
    return true;
  } catch {
    return false;
  }
}

/** The user's kept forms whose key starts with `prefix` (e.g. `swms:`), with their values as kept. */
export function keptFormsStartingWith(storage: FormStorage, userId: string, prefix: string) {
  return Object.entries(readAll(storage, userId))
    .filter(([formKey]) => formKey.startsWith(prefix))
    .map(([formKey, kept]) => ({ formKey, values: kept.values }));
}

/** Whether anything typed into the form is kept (not saved yet): leaving it then asks first. */
export const hasKeptForm = (storage: FormStorage, userId: string, formKey: string) =>
  formKey in readAll(storage, userId);

export function forgetKeptForm(storage: FormStorage, userId: string, formKey: string): void {
  const forms = readAll(storage, userId);
  if (!(formKey in forms)) return;
  delete forms[formKey];
  try {
    writeAll(storage, userId, forms);
  } catch {
    // Storage became unavailable: the stale values are offered again and can be discarded then.
  }
}

/** A `parse` for kept values from a zod schema: what no longer fits the form is undefined. */
export const keptValuesParser =
  <T>(schema: { safeParse: (value: unknown) => { success: true; data: T } | { success: false } }) =>
  (value: unknown): T | undefined => {
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  };
