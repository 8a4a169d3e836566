import { roleMay } from '@app/contract';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/Button.tsx';
import { PageColumn } from '../../components/ui/PageColumn.tsx';
import { QueryView } from '../../components/ui/QueryView.tsx';
import { useAuth } from '../../lib/auth/use-auth.ts';
import { useTeamQuery } from '../../lib/team/team.ts';
import { InvitationList } from './components/InvitationList.tsx';
import { InviteForm } from './components/InviteForm.tsx';
import { MemberList } from './components/MemberList.tsx';
import { ReviewBeforeIssueSetting } from './components/ReviewBeforeIssueSetting.tsx';
import { SeatChoice } from './components/SeatChoice.tsx';
import { seatsLine, somePastTheSeats } from './seat-choice.ts';
import { ROLE_LABELS, teamAbilities } from './team-abilities.ts';

/**
 * /team (ADR 0077): the business's members and the invitations waiting, with what the caller's
 * role lets them do, and the owner's way to the activity view. The server checks every request; the
 * page only leaves out what would be refused.
 */
export default function TeamPage() {
  const auth = useAuth();
  const userId = auth.status === 'signed-in' ? auth.session.user.id : '';
  const team = useTeamQuery(userId);
  return (
    <QueryView query={team} what="your team">
      {({ business, you, members, invitations, seats }) => {
        const abilities = teamAbilities(you);
        return (
          <PageColumn
            title="Team"
            actions={
              roleMay(you.role, 'team.activity') ? (
                <Link to="/team/activity" className={buttonClasses('secondary')}>
                  Activity
                </Link>
              ) : null
            }
            intro={
              <p>
                {business.name.trim() ? `${business.name}: ` : ''}
                {members.length === 1 ? 'one member' : `${members.length} members`}. You are {ROLE_LABELS[you.role]}.
              </p>
            }
          >
            <div className="flex flex-col gap-10">
              <div className="flex flex-col gap-2">
                <p>{seatsLine(seats)}</p>
                <MemberList userId={userId} members={members} abilities={abilities} />
              </div>
              {abilities.choosesSeats && somePastTheSeats(members) ? (
                <SeatChoice userId={userId} members={members} seats={seats.included} />
              ) : null}
              {abilities.invitableRoles.length > 0 ? (
                <>
                  <InvitationList userId={userId} invitations={invitations} abilities={abilities} />
                  <InviteForm userId={userId} roles={abilities.invitableRoles} />
                </>
              ) : null}
              <ReviewBeforeIssueSetting />
            </div>
          </PageColumn>
        );
      }}
    </QueryView>
  );
}
