import { BILLING_PAGES, queryString } from '@app/contract';
import { useLocation } from 'react-router';

/** /pricing, remembering `from` so that after upgrading the user comes back to it. */
export const upgradePath = (from: string) => `${BILLING_PAGES.pricing}${queryString({ return_to: from })}`;

/** Every "Upgrade" link: /pricing, back to the page the link is on afterwards. */
export function useUpgradePath(): string {
  const location = useLocation();
  return upgradePath(`${location.pathname}${location.search}`);
}
