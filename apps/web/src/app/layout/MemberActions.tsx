import { SignOutButton } from '../../features/auth/components/SignOutButton.tsx';
import { PlanBadge } from '../../features/profile/components/PlanBadge.tsx';

/**
 * Header items only a signed-in user sees. Loaded on demand, so the profile query (and TanStack's
 * query observer with it) stays out of the JavaScript every public page downloads.
 */
export default function MemberActions({ itemClassName }: { itemClassName: string }) {
  return (
    <>
      <li>
        <PlanBadge />
      </li>
      <li>
        <SignOutButton className={`${itemClassName} disabled:opacity-70`} />
      </li>
    </>
  );
}
