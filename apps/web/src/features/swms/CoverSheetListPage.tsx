import { Link, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button, textLinkClasses } from '../../components/ui/Button.tsx';
import { MakerLine } from '../../components/ui/MadeByToggle.tsx';
import { PagedList } from '../../components/ui/PagedList.tsx';
import { useAuth } from '../../lib/auth/use-auth.ts';
import { requestErrorMessage } from '../../lib/request-errors.ts';
import { isTeamList, makerLabel } from '../../lib/use-made-by-filter.ts';
import { useCreateCoverSheetMutation } from './api/create-cover-sheet.ts';
import { useCoverSheets } from './api/get-cover-sheets.ts';
import { StatusBadge, SwmsFrame } from './components/SwmsFrame.tsx';

/** /swms/cover-sheet: the user's cover sheets and a way to start one. */
export default function CoverSheetListPage() {
  const auth = useAuth();
  if (auth.status !== 'signed-in') return null; // The route is guarded; this only narrows the type.
  return <CoverSheetList userId={auth.session.user.id} />;
}

function CoverSheetList({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const sheets = useCoverSheets(userId);
  const create = useCreateCoverSheetMutation(userId, (sheet) => navigate(`/swms/cover-sheet/edit/${sheet.id}`));
  return (
    <SwmsFrame
      title="SWMS cover sheets"
      actions={
        <Button onClick={() => create.mutate([])} disabled={create.isPending}>
          New cover sheet
        </Button>
      }
    >
      <p>
        A cover sheet is the front page handed to a principal contractor with your SWMS. Your business details come from
        your{' '}
        <Link to="/profile" className={textLinkClasses}>
          company profile
        </Link>
        .{' '}
        <Link to="/swms" className={textLinkClasses}>
          All SWMS
        </Link>
      </p>
      {create.isError ? (
        <Alert tone="error">The cover sheet was not created. {requestErrorMessage(create.error)}</Alert>
      ) : null}
      <PagedList list={sheets} what="cover sheets" empty={<p>No cover sheets yet.</p>}>
        {(items) => {
          const team = isTeamList(items, userId, undefined);
          return items.map((sheet) => (
            <li key={sheet.id} className="rounded-md border border-slate-200 p-4 dark:border-slate-700">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <Link to={`/swms/cover-sheet/edit/${sheet.id}`} className={`break-words ${textLinkClasses}`}>
                  {sheet.principal_contractor || 'No principal contractor yet'}
                </Link>
                <StatusBadge status={sheet.status} />
              </div>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                {[sheet.number, `v${sheet.current_version}`, sheet.project_name, `${sheet.swms_count} SWMS`]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              <MakerLine label={team ? makerLabel(sheet.made_by, userId) : null} />
            </li>
          ));
        }}
      </PagedList>
    </SwmsFrame>
  );
}
