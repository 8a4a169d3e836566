import { z } from 'zod/mini';
import { okResponseSchema } from '../auth/auth.ts';
import { errorCodes, uploadErrorCodes } from '../errors/errors.ts';
import { defineEndpoint, fileResponse, multipartUpload } from '../http/endpoint.ts';
import {
  certificateListQuerySchema,
  certificateListResponseSchema,
  certificateSchema,
  createCertificateRequestSchema,
  galleryQuerySchema,
  galleryResponseSchema,
  updateCertificateRequestSchema,
  uploadedPhotoSchema,
} from './certificates.ts';
import { monthlyUsageSchema } from './monthly-usage.ts';

// Any id string is accepted here; one that is not a UUID is simply not found (404, not 400).
const idParams = z.object({ id: z.string().check(z.maxLength(100)) });

/** Certificates, their photos and the gallery (PRODUCT.md, Certificates). */
export const certificateEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/api/certificates',
    auth: 'required',
    summary: 'Create a certificate, as a draft or completed',
    body: createCertificateRequestSchema,
    responses: { 201: certificateSchema },
    errors: [errorCodes.userMismatch, errorCodes.monthlyLimitReached],
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/certificates',
    auth: 'required',
    summary: "List the caller's certificates, newest first, in pages",
    query: certificateListQuerySchema,
    responses: { 200: certificateListResponseSchema },
    errors: [],
  }),
  usage: defineEndpoint({
    method: 'GET',
    path: '/api/certificates/usage',
    auth: 'required',
    summary: "Completed certificates this month and the plan's limit",
    responses: { 200: monthlyUsageSchema },
    errors: [],
  }),
  uploadPhoto: defineEndpoint({
    method: 'POST',
    path: '/api/certificates/photos',
    auth: 'required',
    summary: 'Upload a photo (multipart, one image file) to attach to a certificate',
    body: multipartUpload,
    responses: { 201: uploadedPhotoSchema },
    errors: uploadErrorCodes,
  }),
  gallery: defineEndpoint({
    method: 'GET',
    path: '/api/gallery',
    auth: 'required',
    summary: "The caller's certificate photos",
    query: galleryQuerySchema,
    responses: { 200: galleryResponseSchema },
    errors: [],
  }),
  // The share link needs no login for a completed certificate; the owner also reaches drafts.
  get: defineEndpoint({
    method: 'GET',
    path: '/api/certificates/:id',
    auth: 'optional',
    summary: "A certificate: the owner's, or any completed one by its link",
    params: idParams,
    responses: { 200: certificateSchema },
    errors: [errorCodes.notFound],
  }),
  pdf: defineEndpoint({
    method: 'GET',
    path: '/api/certificates/:id/pdf',
    auth: 'optional',
    summary: 'A certificate as an A4 PDF',
    params: idParams,
    responses: { 200: fileResponse('application/pdf') },
    errors: [errorCodes.notFound, errorCodes.requestRateLimit],
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/certificates/:id',
    auth: 'required',
    summary: 'Update a certificate (Premium); fields not sent keep their value',
    params: idParams,
    body: updateCertificateRequestSchema,
    responses: { 200: certificateSchema },
    errors: [errorCodes.notFound, errorCodes.premiumRequired, errorCodes.monthlyLimitReached],
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/certificates/:id',
    auth: 'required',
    summary: 'Delete a certificate and its photos (Premium)',
    params: idParams,
    responses: { 200: okResponseSchema },
    errors: [errorCodes.notFound, errorCodes.premiumRequired],
  }),
} as const;
