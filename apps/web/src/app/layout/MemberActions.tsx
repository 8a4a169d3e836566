import { NavLink } from 'react-router';
import { useAdminAccess } from '../../features/admin/api/get-admin-access.ts';
import { SignOutButton } from '../../features/auth/components/SignOutButton.tsx';
import { keepCertificateCopiesWith } from '../../features/certificates/api/get-certificate.ts';
import { PlanBadge } from '../../features/profile/components/PlanBadge.tsx';
import { useAuth } from '../../lib/auth/use-auth.ts';
import { readThroughCopy } from '../../lib/offline-copies.ts';
import { sendWaitingChanges, waitingChanges } from '../../lib/outbox/outbox-sync.ts';
import { countUnsyncedChanges } from '../../lib/unsynced-changes.ts';
import { useForgetLocalDataOnSignOut } from '../local-user-data.ts';
import { useSessionEnd } from '../session-end.ts';
import { MemberTabBar } from './MemberTabBar.tsx';
import { SyncStatus } from './SyncStatus.tsx';

/** The header's links for a member, in the wide bar (below `lg`, the tab bar has them). */
const memberLinks = [
  { to: '/certificates', label: 'Certificates' },
  { to: '/certificates/new', label: 'New certificate' },
  { to: '/gallery', label: 'Gallery' },
  { to: '/swms', label: 'SWMS' },
  { to: '/compliance', label: 'Compliance' },
  { to: '/materials', label: 'Materials' },
  { to: '/profile', label: 'Profile' },
  { to: '/team', label: 'Team' },
];

// A signed-in user's certificate reads keep a copy for when there is no connection.
keepCertificateCopiesWith(readThroughCopy);

/** The way to /admin, for admins only (the server refuses everyone else regardless). */
function AdminLink({ userId, className }: { userId: string; className: string }) {
  const access = useAdminAccess(userId);
  if (!access.data?.is_admin) return null;
  return (
    <li>
      <NavLink to="/admin" className={className}>
        Admin
      </NavLink>
    </li>
  );
}

/**
 * Beside the header's menu, at every width: the outbox's state for the signed-in user; and, below
 * `lg`, the tab bar fixed at the bottom. Both come in this chunk, loaded on demand, so neither the
 * tab bar nor its icons add a byte to the scripts public pages load.
 */
export function MemberStatus() {
  const auth = useAuth();
  return auth.status === 'signed-in' ? (
    <>
      <SyncStatus userId={auth.session.user.id} />
      <MemberTabBar />
    </>
  ) : null;
}

/**
 * Header items only a signed-in user sees: their links, then admin, plan and sign-out. Loaded on
 * demand, so the profile query (and TanStack's query observer with it) and the links stay out of
 * the JavaScript every public page downloads.
 */
export default function MemberActions({
  linkClassName,
  itemClassName,
}: {
  linkClassName: (state: { isActive: boolean }) => string;
  itemClassName: string;
}) {
  const auth = useAuth();
  const userId = auth.status === 'signed-in' ? auth.session.user.id : null;
  useForgetLocalDataOnSignOut(userId);
  useSessionEnd();
  return (
    <>
      {memberLinks.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end className={linkClassName}>
            {link.label}
          </NavLink>
        </li>
      ))}
      {userId ? <AdminLink userId={userId} className={itemClassName} /> : null}
      <li>
        <PlanBadge />
      </li>
      <li>
        <SignOutButton
          className={`${itemClassName} disabled:opacity-70`}
          unsyncedChanges={() => (userId ? countUnsyncedChanges(localStorage, userId) + waitingChanges() : 0)}
          sendNow={userId ? () => sendWaitingChanges(userId) : undefined}
        />
      </li>
    </>
  );
}
