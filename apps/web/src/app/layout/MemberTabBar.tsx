import Ellipsis from 'lucide-react/icons/ellipsis';
import FileCheck from 'lucide-react/icons/file-check';
import HardHat from 'lucide-react/icons/hard-hat';
import House from 'lucide-react/icons/house';
import Plus from 'lucide-react/icons/plus';
import { type ComponentType, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { StatusChip } from '../../components/ui/StatusChip.tsx';
import { useAdminAccess } from '../../features/admin/api/get-admin-access.ts';
import { SignOutButton } from '../../features/auth/components/SignOutButton.tsx';
import { useAuth } from '../../lib/auth/use-auth.ts';
import { sendWaitingChanges, waitingChanges } from '../../lib/outbox/outbox-sync.ts';
import { useProfile } from '../../lib/profile/get-profile.ts';
import { countUnsyncedChanges } from '../../lib/unsynced-changes.ts';

type Tab = {
  to: string;
  label: string;
  icon: ComponentType<{ className?: string }>;
  isActive: (path: string) => boolean;
};

const isNew = (path: string) => path === '/certificates/new';

const tabs: Tab[] = [
  { to: '/', label: 'Home', icon: House, isActive: (path) => path === '/' || path === '/home' },
  {
    to: '/certificates',
    label: 'Certificates',
    icon: FileCheck,
    isActive: (path) => path.startsWith('/certificates') && !isNew(path),
  },
];
const newTab: Tab = { to: '/certificates/new', label: 'New', icon: Plus, isActive: isNew };
const swmsTab: Tab = { to: '/swms', label: 'SWMS', icon: HardHat, isActive: (path) => path.startsWith('/swms') };

const moreLinks = [
  { to: '/compliance', label: 'Compliance' },
  { to: '/materials', label: 'Materials' },
  { to: '/gallery', label: 'Gallery' },
  { to: '/profile', label: 'Profile' },
  { to: '/team', label: 'Team' },
] as const;

const moreItemClasses =
  'flex min-h-11 w-full items-center rounded-control px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';
const moreLinkClasses = ({ isActive }: { isActive: boolean }) =>
  `${moreItemClasses} ${isActive ? 'bg-brand-50 text-brand-800 dark:bg-slate-800 dark:text-brand-100' : ''}`;
// Each tab starts as wide as its label and shares what is left: five equal tabs split "Certificates"
// across two lines at 375 px. Only when the labels cannot fit whole (text enlarged to 200%) do the
// tabs shrink and a word break (index.css), rather than push the page sideways.
const tabClasses = (active: boolean) =>
  `flex min-h-11 min-w-0 flex-auto flex-col items-center justify-center gap-0.5 rounded-control px-1 text-xs font-medium ${
    active ? 'text-brand-700 dark:text-brand-100' : 'text-slate-600 dark:text-slate-300'
  }`;

function TabLink({ tab, path }: { tab: Tab; path: string }) {
  const active = tab.isActive(path);
  const Icon = tab.icon;
  return (
    <li className="flex min-w-0 flex-auto">
      <Link to={tab.to} aria-current={active ? 'page' : undefined} className={tabClasses(active)}>
        <Icon className="size-6" aria-hidden="true" />
        <span className={active ? 'font-semibold' : undefined}>{tab.label}</span>
      </Link>
    </li>
  );
}

/** Subscription, with the plan the user is on (the link is named e.g. "Subscription Free plan"). */
function SubscriptionLink() {
  const profile = useProfile();
  const plan = profile ? (profile.subscription_tier === 'premium' ? 'Premium' : 'Free plan') : null;
  return (
    <NavLink to="/subscription" className={moreLinkClasses}>
      Subscription
      {plan ? (
        <StatusChip tone={plan === 'Premium' ? 'warning' : 'neutral'} className="ml-auto">
          {plan}
        </StatusChip>
      ) : null}
    </NavLink>
  );
}

function AdminItem({ userId }: { userId: string }) {
  const access = useAdminAccess(userId);
  if (!access.data?.is_admin) return null;
  return (
    <li>
      <NavLink to="/admin" className={moreLinkClasses}>
        Admin
      </NavLink>
    </li>
  );
}

/**
 * The signed-in user's navigation on a phone (below `lg`, where the header's bar does not fit): Home,
 * Certificates, New (the primary action), SWMS and More, fixed at the bottom above the safe area.
 * More opens a panel with the rest. Rendered by MemberStatus, in the member chunk loaded on demand.
 */
export function MemberTabBar() {
  const auth = useAuth();
  const { pathname } = useLocation();
  const moreId = useId();
  // The panel belongs to the page it was opened on: any navigation closes it.
  const [moreOpenOn, setMoreOpenOn] = useState<string | null>(null);
  const moreOpen = moreOpenOn === pathname;
  const moreButton = useRef<HTMLButtonElement>(null);
  const userId = auth.status === 'signed-in' ? auth.session.user.id : null;
  const moreActive = moreLinks.some((link) => pathname.startsWith(link.to)) || /^\/(subscription|admin)/.test(pathname);

  // index.css keeps the page and the toasts clear of the bar while it is mounted.
  useEffect(() => {
    document.documentElement.dataset.tabBar = '';
    return () => {
      delete document.documentElement.dataset.tabBar;
    };
  }, []);

  useEffect(() => {
    if (!moreOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // Focus inside the menu would be lost with it: hand it back to More.
      const inMenu = document.getElementById(moreId)?.contains(document.activeElement);
      setMoreOpenOn(null);
      if (inMenu) moreButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [moreOpen, moreId]);

  if (!userId) return null;
  const NewIcon = newTab.icon;
  const newActive = newTab.isActive(pathname);
  return (
    <nav
      aria-label="Tabs"
      // Its top line is a shadow, not a border, so the bar is exactly the height of --spacing-tab-bar.
      className="fixed inset-x-0 bottom-0 z-40 bg-white pb-[env(safe-area-inset-bottom,0px)] shadow-[0_-1px_0_var(--color-slate-200)] lg:hidden dark:bg-slate-950 dark:shadow-[0_-1px_0_var(--color-slate-800)]"
    >
      {moreOpen ? (
        <div
          id={moreId}
          className="absolute inset-x-0 bottom-full max-h-[70dvh] overflow-y-auto border-t border-slate-200 bg-white px-4 py-2 shadow-lg dark:border-slate-800 dark:bg-slate-950"
        >
          <ul className="mx-auto flex max-w-md flex-col gap-1">
            {moreLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={moreLinkClasses}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li>
              <SubscriptionLink />
            </li>
            <AdminItem userId={userId} />
            <li>
              <SignOutButton
                className={`${moreItemClasses} disabled:opacity-70`}
                unsyncedChanges={() => countUnsyncedChanges(localStorage, userId) + waitingChanges()}
                sendNow={() => sendWaitingChanges(userId)}
              />
            </li>
          </ul>
        </div>
      ) : null}
      <ul className="mx-auto flex h-16 max-w-md items-stretch gap-1 px-2 py-1">
        {tabs.map((tab) => (
          <TabLink key={tab.to} tab={tab} path={pathname} />
        ))}
        <li className="flex min-w-0 flex-auto">
          <Link
            to={newTab.to}
            aria-current={newActive ? 'page' : undefined}
            className="flex min-h-11 min-w-0 flex-auto flex-col items-center justify-center gap-0.5 rounded-card bg-brand-700 px-1 text-xs font-semibold text-white hover:bg-brand-800 aria-[current=page]:bg-brand-800"
          >
            <NewIcon className="size-6" aria-hidden="true" />
            New
          </Link>
        </li>
        <TabLink tab={swmsTab} path={pathname} />
        <li className="flex min-w-0 flex-auto">
          <button
            ref={moreButton}
            type="button"
            aria-expanded={moreOpen}
            aria-controls={moreId}
            onClick={() => setMoreOpenOn(moreOpen ? null : pathname)}
            className={`${tabClasses(moreActive || moreOpen)} w-full`}
          >
            <Ellipsis className="size-6" aria-hidden="true" />
            <span className={moreActive ? 'font-semibold' : undefined}>More</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
