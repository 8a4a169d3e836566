import { certificateEndpoints as endpoints } from '@app/contract';
import type { FastifyPluginAsync } from 'fastify';
import { callerOf } from '../../platform/http/auth-context.ts';
import { requestMetadataOf } from '../../platform/http/request-metadata.ts';
import { route } from '../../platform/http/route.ts';
import { readSingleUpload } from '../../platform/http/upload.ts';
import type { CertificateIssuing } from './certificate-issuing.ts';
import type { CertificatePhotos } from './certificate-photos.ts';
import type { CertificateReads } from './certificate-reads.ts';
import type { CertificateReview } from './certificate-review.ts';

/** The `?version=` digits the contract let through, as a number. */
const versionOf = (query: { version?: string | undefined }) =>
  query.version === undefined ? undefined : Number(query.version);

/**
 * HTTP for certificates, their photos and the gallery. Rules live in the services: the lifecycle
 * (CertificateIssuing), review before issue (CertificateReview), reads (CertificateReads) and photos
 * (CertificatePhotos).
 */
export const certificatesRoutes =
  (services: {
    issuing: CertificateIssuing;
    reads: CertificateReads;
    photos: CertificatePhotos;
    review: CertificateReview;
  }): FastifyPluginAsync =>
  async (app) => {
    const { issuing, reads, photos, review } = services;
    route(app, endpoints.create, async (request, reply) =>
      reply.status(201).send(await issuing.create(callerOf(request), request.body)),
    );

    route(app, endpoints.list, (request) => reads.list(callerOf(request), request.query));

    route(app, endpoints.usage, (request) => reads.usage(callerOf(request)));

    route(app, endpoints.uploadPhoto, async (request, reply) =>
      reply.status(201).send(await photos.upload(callerOf(request), await readSingleUpload(request), request.query.id)),
    );

    route(app, endpoints.gallery, async (request) => ({
      photos: await photos.gallery(callerOf(request), request.query.certificate_id),
    }));

    route(app, endpoints.get, (request) => reads.get(request.caller, request.params.id, versionOf(request.query)));

    route(app, endpoints.versions, (request) => reads.versions(callerOf(request), request.params.id));

    route(app, endpoints.pdf, (request) => reads.pdf(request.caller, request.params.id, versionOf(request.query)));

    route(app, endpoints.update, (request) => issuing.update(callerOf(request), request.params.id, request.body));

    route(app, endpoints.submitForReview, (request) =>
      review.submit(callerOf(request), request.params.id, requestMetadataOf(request)),
    );

    route(app, endpoints.returnFromReview, (request) =>
      review.sendBack(callerOf(request), request.params.id, request.body.note, requestMetadataOf(request)),
    );

    route(app, endpoints.delete, async (request) => {
      await issuing.delete(callerOf(request), request.params.id);
      return { ok: true as const };
    });
  };
