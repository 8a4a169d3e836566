import { BILLING_PAGES, returnPathSchema } from '@app/contract';

/** Where to come back to when `value` (e.g. ?return_to=) is missing or not a path in this app. */
export function safeReturnPath(value: string | null | undefined, fallback: string = BILLING_PAGES.subscription) {
  return value && returnPathSchema.safeParse(value).success ? value : fallback;
}
