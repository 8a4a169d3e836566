import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../../components/ui/Button.tsx';
import { PageTitle } from '../../components/ui/PageTitle.tsx';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <section className="mx-auto max-w-lg px-4 py-16 text-center">
      <p className="text-sm font-semibold text-brand-700 dark:text-brand-100">404</p>
      <PageTitle>Page not found</PageTitle>
      <p className="mt-3 break-words text-slate-600 dark:text-slate-300">
        There is no page at <code className="font-mono">{pathname}</code>. Check the link, or start again from the home
        page.
      </p>
      <Link to="/" className={`${buttonClasses()} mt-6`}>
        Go to the home page
      </Link>
    </section>
  );
}
