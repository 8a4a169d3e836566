import {
  type Feature,
  type FeatureDeps,
  type FeatureJoints,
  type FeatureModule,
  joint,
} from '../../platform/feature-module.ts';
import { defineJob } from '../../platform/jobs/job-queue.ts';
import { mailQueueSettings } from '../../platform/mail/mailer.ts';
import { InvitationsService } from './invitations.service.ts';
import { TeamService } from './team.service.ts';
import { TEAM_INVITATION_QUEUE, type TeamInvitationJob } from './team-mail.ts';
import { teamsRoutes } from './teams.routes.ts';

/**
 * A business's team (ADR 0077): the member list, invitations mailed from the queue, joining by the
 * link, role changes and removal. It ends and starts sessions through auth's `memberSessions`,
 * revokes a removed member's API tokens through api-access, and asks billing before anyone joins.
 */
export const teamsFeature: Feature = {
  name: 'teams',
  build: (deps, _settings, joints) => teamsModule(deps, joints),
};

function teamsModule(deps: FeatureDeps, joints: FeatureJoints): FeatureModule {
  const sessions = () => joint(joints, 'memberSessions', 'teams');
  const team = new TeamService({
    db: deps.db,
    sessions,
    revokeApiTokensOf: () => joint(joints, 'revokeApiTokensOf', 'teams'),
    clock: deps.clock,
  });
  const invitations = new InvitationsService({
    db: deps.db,
    jobs: deps.jobs,
    limits: deps.limits,
    mailer: deps.mail,
    publicOrigin: deps.publicOrigin,
    sessions,
    hasRenewingSubscription: (userId) => joint(joints, 'hasRenewingSubscription', 'teams')(userId),
    clock: deps.clock,
  });
  return {
    routes: teamsRoutes(team, invitations),
    offers: { removalEndingSession: (sessionId) => team.removalEndingSession(sessionId) },
    jobs: [
      defineJob<TeamInvitationJob>({
        name: TEAM_INVITATION_QUEUE,
        settings: mailQueueSettings,
        handler: (job) => invitations.deliver(job),
      }),
    ],
  };
}
