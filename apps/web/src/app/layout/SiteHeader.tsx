import { lazy, Suspense, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useAuth } from '../../lib/auth/use-auth.ts';

const MemberActions = lazy(() => import('./MemberActions.tsx'));
const MemberStatus = lazy(() => import('./MemberActions.tsx').then((module) => ({ default: module.MemberStatus })));

type NavItem = { to: string; label: string };

const visitorLinks: NavItem[] = [
  { to: '/pricing', label: 'Pricing' },
  { to: '/contact', label: 'Contact' },
  { to: '/login', label: 'Sign in' },
  { to: '/register', label: 'Create account' },
];

const itemClasses = 'flex min-h-11 w-full items-center rounded-md px-3 text-sm font-medium';
const idleClasses = 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';
const linkClasses = ({ isActive }: { isActive: boolean }) =>
  `${itemClasses} ${isActive ? 'bg-brand-50 text-brand-800 dark:bg-slate-800 dark:text-brand-100' : idleClasses}`;

// The member bar holds more items, so it gives way on wider screens than the visitor bar: below `lg`
// a member navigates with the tab bar at the bottom (MemberTabBar), a visitor with the Menu button.
const layouts = {
  visitor: { bar: 'hidden sm:block', menu: 'sm:hidden' },
  member: { bar: 'hidden lg:block', menu: 'hidden' },
} as const;

export function SiteHeader() {
  const auth = useAuth();
  const menuId = useId();
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on: any navigation (a link, sign-out) closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const signedIn = auth.status === 'signed-in';
  const layout = signedIn ? layouts.member : layouts.visitor;
  // A member's links come with the rest of their items, in the members' chunk.
  const items = signedIn ? (
    <Suspense fallback={null}>
      <MemberActions linkClassName={linkClasses} itemClassName={`${itemClasses} ${idleClasses}`} />
    </Suspense>
  ) : (
    visitorLinks.map((link) => (
      <li key={link.to}>
        <NavLink to={link.to} end className={linkClasses}>
          {link.label}
        </NavLink>
      </li>
    ))
  );

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape from the open menu or its button closes the menu.
    <header
      className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !menuOpen) return;
        setMenuOpenOn(null);
        // Back to the Menu button (the one control here with aria-controls), not lost with the menu.
        event.currentTarget.querySelector<HTMLElement>('[aria-controls]')?.focus();
      }}
    >
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-2">
        <Link to="/" className="flex min-h-11 items-center gap-2 text-lg font-bold text-brand-700 dark:text-brand-100">
          <img src="/favicon.svg" alt="" className="size-7" />
          TradeCert
        </Link>
        {signedIn ? (
          <Suspense fallback={null}>
            <MemberStatus />
          </Suspense>
        ) : null}
        {signedIn ? null : (
          <button
            type="button"
            className={`min-h-11 rounded-md border border-slate-300 px-3 text-sm font-medium dark:border-slate-600 ${layout.menu}`}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
          >
            Menu
          </button>
        )}
        <nav aria-label="Main" className={layout.bar}>
          <ul className="flex items-center gap-1">{items}</ul>
        </nav>
      </div>
      {menuOpen ? (
        <nav
          id={menuId}
          aria-label="Main menu"
          className={`border-t border-slate-200 px-4 py-2 dark:border-slate-800 ${layout.menu}`}
        >
          <ul className="flex flex-col gap-1">{items}</ul>
        </nav>
      ) : null}
    </header>
  );
}
