import {
  certificateListQuerySchema,
  certificateListResponseSchema,
  certificateSchema,
  createCertificateRequestSchema,
  galleryQuerySchema,
  galleryResponseSchema,
  monthlyUsageSchema,
  okResponseSchema,
  updateCertificateRequestSchema,
  uploadedPhotoSchema,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { callerOf } from '../../platform/http/auth-context.ts';
import { readSingleUpload, UPLOAD_RATE_LIMIT } from '../../platform/http/upload.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import { callerOrIp, routeRateLimit } from '../../platform/rate-limit/route-limit.ts';
import { PDF_DOWNLOAD_RATE_LIMIT } from './certificate-pdf.service.ts';
import type { CertificatesService } from './certificates.service.ts';

// Any id string is accepted here; one that is not a UUID is simply not found (404, not 400).
const idParams = z.object({ id: z.string().check(z.maxLength(100)) });

/** HTTP for certificates, their photos and the gallery. Rules live in CertificatesService. */
export const certificatesRoutes =
  (service: CertificatesService, rateLimiter: RateLimiter): FastifyPluginAsyncZod =>
  async (app) => {
    // Authenticate before the body is parsed: a visitor gets 401, never a validation error.
    const auth = { onRequest: app.requireAuth };

    app.post(
      '/certificates',
      {
        ...auth,
        schema: {
          summary: 'Create a certificate, as a draft or completed',
          body: createCertificateRequestSchema,
          response: { 201: certificateSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await service.create(callerOf(request), request.body)),
    );

    app.get(
      '/certificates',
      {
        ...auth,
        schema: {
          summary: "List the caller's certificates, newest first, in pages",
          querystring: certificateListQuerySchema,
          response: { 200: certificateListResponseSchema },
        },
      },
      (request) => service.list(callerOf(request), request.query),
    );

    app.get(
      '/certificates/usage',
      {
        ...auth,
        schema: {
          summary: "Completed certificates this month and the plan's limit",
          response: { 200: monthlyUsageSchema },
        },
      },
      (request) => service.usage(callerOf(request)),
    );

    app.post(
      '/certificates/photos',
      {
        ...auth,
        preHandler: routeRateLimit(rateLimiter, UPLOAD_RATE_LIMIT, callerOrIp),
        schema: {
          summary: 'Upload a photo (multipart, one image file) to attach to a certificate',
          response: { 201: uploadedPhotoSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.uploadPhoto(callerOf(request), await readSingleUpload(request))),
    );

    app.get(
      '/gallery',
      {
        ...auth,
        schema: {
          summary: "The caller's certificate photos",
          querystring: galleryQuerySchema,
          response: { 200: galleryResponseSchema },
        },
      },
      async (request) => ({ photos: await service.gallery(callerOf(request), request.query.certificate_id) }),
    );

    // The share link needs no login for a completed certificate; the owner also reaches drafts.
    // A stale or broken token still gets the public view rather than an error.
    const optionalAuth = { onRequest: app.optionalAuth };

    app.get(
      '/certificates/:id',
      {
        ...optionalAuth,
        schema: {
          summary: "A certificate: the owner's, or any completed one by its link",
          params: idParams,
          response: { 200: certificateSchema },
        },
      },
      (request) => service.get(request.caller, request.params.id),
    );

    app.get(
      '/certificates/:id/pdf',
      {
        ...optionalAuth,
        preHandler: routeRateLimit(rateLimiter, PDF_DOWNLOAD_RATE_LIMIT, callerOrIp),
        schema: { summary: 'A certificate as an A4 PDF', params: idParams },
      },
      async (request, reply) => {
        const { pdf, filename } = await service.pdf(request.caller, request.params.id);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'private, no-cache')
          .send(pdf);
      },
    );

    app.patch(
      '/certificates/:id',
      {
        ...auth,
        schema: {
          summary: 'Update a certificate (Premium); fields not sent keep their value',
          params: idParams,
          body: updateCertificateRequestSchema,
          response: { 200: certificateSchema },
        },
      },
      (request) => service.update(callerOf(request), request.params.id, request.body),
    );

    app.delete(
      '/certificates/:id',
      {
        ...auth,
        schema: {
          summary: 'Delete a certificate and its photos (Premium)',
          params: idParams,
          response: { 200: okResponseSchema },
        },
      },
      async (request) => {
        await service.delete(callerOf(request), request.params.id);
        return { ok: true as const };
      },
    );
  };
