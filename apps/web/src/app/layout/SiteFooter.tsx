import { Link } from 'react-router';
import { ThemeSelect } from './ThemeSelect.tsx';

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 dark:border-slate-800">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-4 text-sm">
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-4">
            <li>
              <Link className="underline" to="/terms">
                Terms
              </Link>
            </li>
            <li>
              <Link className="underline" to="/privacy">
                Privacy
              </Link>
            </li>
            <li>
              <Link className="underline" to="/contact">
                Contact
              </Link>
            </li>
          </ul>
        </nav>
        <ThemeSelect />
      </div>
    </footer>
  );
}
