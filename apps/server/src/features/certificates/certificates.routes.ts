import { certificateEndpoints as endpoints } from '@app/contract';
import type { FastifyPluginAsync } from 'fastify';
import { callerOf } from '../../platform/http/auth-context.ts';
import { route } from '../../platform/http/route.ts';
import { readSingleUpload } from '../../platform/http/upload.ts';
import type { CertificatesService } from './certificates.service.ts';

/** The `?version=` digits the contract let through, as a number. */
const versionOf = (query: { version?: string | undefined }) =>
  query.version === undefined ? undefined : Number(query.version);

/** HTTP for certificates, their photos and the gallery. Rules live in CertificatesService. */
export const certificatesRoutes =
  (service: CertificatesService): FastifyPluginAsync =>
  async (app) => {
    route(app, endpoints.create, async (request, reply) =>
      reply.status(201).send(await service.create(callerOf(request), request.body)),
    );

    route(app, endpoints.list, (request) => service.list(callerOf(request), request.query));

    route(app, endpoints.usage, (request) => service.usage(callerOf(request)));

    route(app, endpoints.uploadPhoto, async (request, reply) =>
      reply
        .status(201)
        .send(await service.uploadPhoto(callerOf(request), await readSingleUpload(request), request.query.id)),
    );

    route(app, endpoints.gallery, async (request) => ({
      photos: await service.gallery(callerOf(request), request.query.certificate_id),
    }));

    route(app, endpoints.get, (request) => service.get(request.caller, request.params.id, versionOf(request.query)));

    route(app, endpoints.versions, (request) => service.versions(callerOf(request), request.params.id));

    route(app, endpoints.pdf, (request) => service.pdf(request.caller, request.params.id, versionOf(request.query)));

    route(app, endpoints.update, (request) => service.update(callerOf(request), request.params.id, request.body));

    route(app, endpoints.delete, async (request) => {
      await service.delete(callerOf(request), request.params.id);
      return { ok: true as const };
    });
  };
