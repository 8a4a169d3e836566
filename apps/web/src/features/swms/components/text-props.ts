/** The keys of `T` that hold plain text. */
type TextKey<T> = { [K in keyof T]-?: T[K] extends string ? K : never }[keyof T];

/**
 * For a form kept as one object (a SWMS body, a job step) and its setter: the `value` and
 * `onChange` of a TextField or TextArea showing one of its text values.
 */
export const textProps =
  <T>(values: T, set: <K extends keyof T>(key: K, value: T[K]) => void) =>
  <K extends TextKey<T>>(key: K) => ({
    value: values[key] as string,
    onChange: (event: { target: { value: string } }) => set(key, event.target.value as T[K]),
  });
