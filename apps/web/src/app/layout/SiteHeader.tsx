import { useId, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { useAuth } from '../../lib/auth/use-auth.ts';

type NavItem = { to: string; label: string };

const visitorLinks: NavItem[] = [
  { to: '/pricing', label: 'Pricing' },
  { to: '/contact', label: 'Contact' },
  { to: '/login', label: 'Sign in' },
  { to: '/register', label: 'Create account' },
];

const memberLinks: NavItem[] = [
  { to: '/certificates', label: 'Certificates' },
  { to: '/certificates/new', label: 'New certificate' },
  { to: '/gallery', label: 'Gallery' },
  { to: '/swms', label: 'SWMS' },
  { to: '/materials', label: 'Materials' },
  { to: '/profile', label: 'Profile' },
];

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center rounded-md px-3 text-sm font-medium ${
    isActive
      ? 'bg-brand-50 text-brand-800 dark:bg-slate-800 dark:text-brand-100'
      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
  }`;

export function SiteHeader() {
  const auth = useAuth();
  const menuId = useId();
  const [menuOpen, setMenuOpen] = useState(false);
  const links = auth.status === 'signed-in' ? memberLinks : visitorLinks;

  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-2">
        <Link to="/" className="flex min-h-11 items-center gap-2 text-lg font-bold text-brand-700 dark:text-brand-100">
          <img src="/favicon.svg" alt="" className="size-7" />
          TradeCert
        </Link>
        <button
          type="button"
          className="min-h-11 rounded-md border border-slate-300 px-3 text-sm font-medium sm:hidden dark:border-slate-600"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          Menu
        </button>
        <nav aria-label="Main" className="hidden sm:block">
          <ul className="flex items-center gap-1">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end className={linkClasses}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {menuOpen ? (
        <nav
          id={menuId}
          aria-label="Main menu"
          className="border-t border-slate-200 px-4 py-2 sm:hidden dark:border-slate-800"
        >
          <ul className="flex flex-col gap-1">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end className={linkClasses} onClick={() => setMenuOpen(false)}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
