import type { SwmsSummary } from '@app/contract';
import { Link } from 'react-router';
import { textLinkClasses } from '../../../components/ui/Button.tsx';
import { MakerLine } from '../../../components/ui/MadeByToggle.tsx';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { hasKeptForm } from '../../../lib/kept-forms.ts';
import { StatusBadge } from './SwmsFrame.tsx';

const updatedOn = (iso: string) =>
  new Date(iso).toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * One SWMS in a list, shaped like a certificate's row: title first (the link), status
 * chip and date, then number, version and place; and typing this phone has not saved yet.
 */
/** `maker`: who made it, in a team's list (lib/use-made-by-filter.ts, makerLabel). */
export function SwmsListItem({ swms, maker = null }: { swms: SwmsSummary; maker?: string | null }) {
  const auth = useAuth();
  const unsaved = auth.status === 'signed-in' && hasKeptForm(localStorage, auth.session.user.id, `swms:${swms.id}`);
  return (
    <li className="flex flex-col gap-1 rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <Link to={`/swms/${swms.id}`} className={`break-words text-base ${textLinkClasses}`}>
        {swms.title || 'Untitled SWMS'}
      </Link>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <StatusBadge status={swms.status} />
        <span className="text-sm text-slate-600 dark:text-slate-300">Updated {updatedOn(swms.updated_at)}</span>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {[swms.number, `v${swms.current_version}`, swms.work_location, swms.is_template ? 'Template' : null]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <MakerLine label={maker} />
      {unsaved ? (
        <p className="text-sm font-semibold">Changes on this phone, not saved yet: they are saved once online.</p>
      ) : null}
    </li>
  );
}
