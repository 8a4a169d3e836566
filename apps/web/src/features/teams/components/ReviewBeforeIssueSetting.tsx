import { Checkbox } from '../../../components/ui/Checkbox.tsx';
import { toast } from '../../../components/ui/notifications/index.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { requestErrorMessage } from '../../../lib/request-errors.ts';
import { reviewsCertificates, useTeam, useTeamSettingsMutation } from '../../../lib/team/team.ts';

/**
 * The business's review before issue setting (ADR 0077), for the owner and the office, on the Team
 * page; a field member reads what it means on their certificates.
 */
export function ReviewBeforeIssueSetting() {
  const auth = useAuth();
  const team = useTeam();
  const settings = useTeamSettingsMutation(auth.status === 'signed-in' ? auth.session.user.id : '');
  if (!team || !reviewsCertificates(team)) return null;
  const on = settings.isPending
    ? (settings.variables?.review_before_issue ?? false)
    : team.settings.review_before_issue;
  return (
    <section className="flex flex-col gap-2 border-t border-slate-200 pt-6 dark:border-slate-800">
      <h2 className="text-xl font-semibold">Review before issue</h2>
      <Checkbox
        label="The office reviews field members' certificates before they are issued"
        checked={on}
        onChange={(checked) =>
          settings.mutate(
            { review_before_issue: checked },
            {
              onError: (error) =>
                toast({ title: 'Not saved', description: requestErrorMessage(error), variant: 'destructive' }),
            },
          )
        }
      />
      <p className="text-sm text-slate-600 dark:text-slate-300">
        A field member then submits a certificate for review; the owner or office issues it or sends it back with a
        note.
      </p>
    </section>
  );
}
