import { documentSendEndpoints, signByTokenEndpoints, signedCopyEndpoint, signingEndpoints } from '@app/contract';
import type { FastifyPluginAsync } from 'fastify';
import { callerOf } from '../../platform/http/auth-context.ts';
import { requestMetadataOf } from '../../platform/http/request-metadata.ts';
import { route } from '../../platform/http/route.ts';
import type { SigningService } from './signing.service.ts';

/** HTTP for signing by link. Rules live in OwnerSigning and SignerSigning (SigningService). */
export const signingRoutes =
  (service: SigningService): FastifyPluginAsync =>
  async (app) => {
    route(app, signingEndpoints.waiting, (request) => service.owner.waiting(callerOf(request)));
    route(app, signingEndpoints.panel, (request) =>
      service.owner.panel(callerOf(request), request.params.kind, request.params.id),
    );

    route(app, signingEndpoints.send, async (request, reply) => {
      const signers = await service.owner.send(
        callerOf(request),
        request.params.kind,
        request.params.id,
        request.body.signers,
        requestMetadataOf(request),
      );
      return reply.status(201).send({ signers });
    });

    route(app, signingEndpoints.resend, (request) =>
      service.owner.resend(callerOf(request), request.params.id, requestMetadataOf(request)),
    );

    route(app, signingEndpoints.revoke, (request) =>
      service.owner.revoke(callerOf(request), request.params.id, requestMetadataOf(request)),
    );

    route(app, signingEndpoints.setAside, (request) =>
      service.owner.setAside(callerOf(request), request.params.id, requestMetadataOf(request)),
    );

    route(app, signingEndpoints.signedPdf, (request) =>
      service.owner.signedPdf(
        callerOf(request),
        request.params.kind,
        request.params.id,
        request.query.version === undefined ? undefined : Number(request.query.version),
      ),
    );

    route(app, signingEndpoints.openSiteSignOn, (request) =>
      service.owner.openSiteSignOn(
        callerOf(request),
        request.params.kind,
        request.params.id,
        request.body.max_sign_ons,
      ),
    );

    route(app, signingEndpoints.siteBoard, (request) =>
      service.owner.siteBoard(callerOf(request), request.params.kind, request.params.id),
    );

    route(app, signingEndpoints.revokeSiteSignOn, async (request) => {
      await service.owner.revokeSiteSignOn(callerOf(request), request.params.kind, request.params.id);
      return { ok: true as const };
    });

    route(app, documentSendEndpoints.list, (request) =>
      service.sends.list(callerOf(request), request.params.kind, request.params.id),
    );

    route(app, documentSendEndpoints.send, async (request, reply) => {
      const sent = await service.sends.send(callerOf(request), request.params.kind, request.params.id, request.body);
      return reply.status(201).send(sent);
    });

    route(app, documentSendEndpoints.open, async (request, reply) => {
      const location = await service.sends.open(request.params.token, requestMetadataOf(request));
      return reply.header('cache-control', 'no-store').redirect(location, 303);
    });

    route(app, documentSendEndpoints.pdf, (request) =>
      service.sends.pdf(request.params.token, requestMetadataOf(request)),
    );

    route(app, signedCopyEndpoint, (request) =>
      service.signer.signedCopy(request.params.token, requestMetadataOf(request)),
    );

    route(app, signByTokenEndpoints.page, (request) =>
      service.signer.page(request.params.token, requestMetadataOf(request)),
    );

    route(app, signByTokenEndpoints.pdf, (request) =>
      service.signer.pdf(request.params.token, requestMetadataOf(request)),
    );

    route(app, signByTokenEndpoints.sign, (request) =>
      service.signer.sign(request.params.token, request.body, requestMetadataOf(request)),
    );

    route(app, signByTokenEndpoints.decline, (request) =>
      service.signer.decline(request.params.token, request.body.reason, requestMetadataOf(request)),
    );
  };
