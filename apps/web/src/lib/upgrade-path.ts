import { BILLING_PAGES, queryString, returnPathSchema } from '@app/contract';
import { useLocation } from 'react-router';

/** Where to come back to when `value` (e.g. ?return_to=) is missing or not a path in this app. */
export function safeReturnPath(value: string | null | undefined, fallback: string = BILLING_PAGES.subscription) {
  return value && returnPathSchema.safeParse(value).success ? value : fallback;
}

/** /pricing, remembering `from` so that after upgrading the user comes back to it. */
export const upgradePath = (from: string) => `${BILLING_PAGES.pricing}${queryString({ return_to: from })}`;

/** Every "Upgrade" link: /pricing, back to the page the link is on afterwards. */
export function useUpgradePath(): string {
  const location = useLocation();
  return upgradePath(`${location.pathname}${location.search}`);
}
