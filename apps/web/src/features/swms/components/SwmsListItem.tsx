import type { SwmsSummary } from '@app/contract';
import { Link } from 'react-router';
import { textLinkClasses } from '../../../components/ui/Button.tsx';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { hasKeptForm } from '../../../lib/kept-forms.ts';
import { StatusBadge } from './SwmsFrame.tsx';

/** One SWMS in a list: title, status, number, version and place; and typing this phone has not saved yet. */
export function SwmsListItem({ swms }: { swms: SwmsSummary }) {
  const auth = useAuth();
  const unsaved = auth.status === 'signed-in' && hasKeptForm(localStorage, auth.session.user.id, `swms:${swms.id}`);
  return (
    <li className="rounded-md border border-slate-200 p-4 dark:border-slate-700">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Link to={`/swms/${swms.id}`} className={`break-words text-base ${textLinkClasses}`}>
          {swms.title || 'Untitled SWMS'}
        </Link>
        <StatusBadge status={swms.status} />
      </div>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {[swms.number, `v${swms.current_version}`, swms.work_location, swms.is_template ? 'Template' : null]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {unsaved ? (
        <p className="mt-1 text-sm font-semibold">Changes on this phone, not saved yet: they are saved once online.</p>
      ) : null}
    </li>
  );
}
