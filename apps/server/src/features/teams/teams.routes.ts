import { invitationLinkEndpoints, teamEndpoints } from '@app/contract';
import type { FastifyPluginAsync } from 'fastify';
import { callerOf } from '../../platform/http/auth-context.ts';
import { requestMetadataOf } from '../../platform/http/request-metadata.ts';
import { route } from '../../platform/http/route.ts';
import type { InvitationsService } from './invitations.service.ts';
import type { TeamService } from './team.service.ts';

/** HTTP for the team and the invitation link. Rules live in TeamService and InvitationsService. */
export const teamsRoutes =
  (team: TeamService, invitations: InvitationsService): FastifyPluginAsync =>
  async (app) => {
    route(app, teamEndpoints.get, (request) => team.team(callerOf(request)));

    route(app, teamEndpoints.activity, (request) => team.activity(callerOf(request), request.query));

    route(app, teamEndpoints.settings, (request) => team.setSettings(callerOf(request), request.body));

    route(app, teamEndpoints.invite, async (request, reply) => {
      const invitation = await invitations.invite(callerOf(request), request.body, requestMetadataOf(request));
      return reply.status(201).send(invitation);
    });

    route(app, teamEndpoints.resendInvitation, (request) => invitations.resend(callerOf(request), request.params.id));

    route(app, teamEndpoints.revokeInvitation, async (request) => {
      await invitations.revoke(callerOf(request), request.params.id, requestMetadataOf(request));
      return { ok: true as const };
    });

    route(app, teamEndpoints.changeRole, (request) =>
      team.changeRole(callerOf(request), request.params.userId, request.body.role, requestMetadataOf(request)),
    );

    route(app, teamEndpoints.removeMember, async (request) => {
      await team.removeMember(callerOf(request), request.params.userId, requestMetadataOf(request));
      return { ok: true as const };
    });

    route(app, teamEndpoints.chooseSeats, (request) => team.chooseSeats(callerOf(request), request.body.user_ids));

    route(app, invitationLinkEndpoints.preview, (request) => invitations.preview(request.params.token));

    route(app, invitationLinkEndpoints.accept, (request) =>
      invitations.accept(callerOf(request), request.params.token, request.body, requestMetadataOf(request)),
    );
  };
