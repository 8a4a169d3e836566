import { okResponseSchema } from '../auth/auth.ts';
import { errorCodes, uploadErrorCodes } from '../errors/errors.ts';
import { defineEndpoint, multipartUpload } from '../http/endpoint.ts';
import { certificateMessages, certificateSchema } from './certificates.ts';
import {
  certificateListQuerySchema,
  certificateListResponseSchema,
  galleryQuerySchema,
  galleryResponseSchema,
  uploadedPhotoSchema,
} from './collections.ts';
import { monthlyUsageSchema } from './monthly-usage.ts';
import { createCertificateRequestSchema, updateCertificateRequestSchema, uploadPhotoQuerySchema } from './requests.ts';
import { certificateIdParams, sharedCertificateEndpoints } from './shared-endpoints.ts';
import { certificateVersionListSchema } from './versions.ts';

/** Certificates, their photos and the gallery (PRODUCT.md, Certificates); the share link's two from shared-endpoints.ts. */
export const certificateEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/api/certificates',
    auth: 'required',
    permission: 'certificates.edit',
    apiTokens: 'write',
    summary: 'Create a certificate, as a draft or completed; again with the same `id`, answer the one it made',
    body: createCertificateRequestSchema,
    responses: { 201: certificateSchema },
    // premium_required: a custom checklist template on a free plan.
    errors: [
      errorCodes.userMismatch,
      errorCodes.premiumRequired,
      errorCodes.monthlyLimitReached,
      errorCodes.issuerIncomplete,
      errorCodes.conflict,
      errorCodes.recordDeleted,
    ],
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/certificates',
    auth: 'required',
    permission: 'certificates.edit',
    apiTokens: 'read',
    summary: "List the caller's certificates, newest first, in pages",
    query: certificateListQuerySchema,
    responses: { 200: certificateListResponseSchema },
    errors: [],
  }),
  usage: defineEndpoint({
    method: 'GET',
    path: '/api/certificates/usage',
    auth: 'required',
    permission: 'certificates.edit',
    apiTokens: 'read',
    summary: "Completed certificates this month and the plan's limit",
    responses: { 200: monthlyUsageSchema },
    errors: [],
  }),
  uploadPhoto: defineEndpoint({
    method: 'POST',
    path: '/api/certificates/photos',
    auth: 'required',
    permission: 'files.upload',
    apiTokens: 'write',
    summary:
      'Upload a photo (multipart, one image file) to attach to a certificate; again with the same `id`, answer the one stored',
    rateLimit: 'upload',
    query: uploadPhotoQuerySchema,
    body: multipartUpload,
    responses: { 201: uploadedPhotoSchema },
    errors: [...uploadErrorCodes, errorCodes.conflict, errorCodes.recordDeleted],
  }),
  gallery: defineEndpoint({
    method: 'GET',
    path: '/api/gallery',
    auth: 'required',
    permission: 'certificates.edit',
    apiTokens: 'read',
    summary: "The caller's certificate photos",
    query: galleryQuerySchema,
    responses: { 200: galleryResponseSchema },
    errors: [],
  }),
  get: sharedCertificateEndpoints.get,
  pdf: sharedCertificateEndpoints.pdf,
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/certificates/:id',
    auth: 'required',
    permission: 'certificates.edit',
    apiTokens: 'write',
    summary:
      "Update a certificate (Premium; on the free plan, one's own working draft); fields not sent keep their value",
    params: certificateIdParams,
    notFound: certificateMessages.notFound,
    body: updateCertificateRequestSchema,
    responses: { 200: certificateSchema },
    errors: [
      errorCodes.notFound,
      errorCodes.premiumRequired,
      errorCodes.monthlyLimitReached,
      errorCodes.issuerIncomplete,
      errorCodes.conflict,
    ],
  }),
  versions: defineEndpoint({
    method: 'GET',
    path: '/api/certificates/:id/versions',
    auth: 'required',
    permission: 'certificates.edit',
    apiTokens: 'read',
    summary: "The owner's certificate's issued versions, oldest first, with their signatures",
    params: certificateIdParams,
    notFound: certificateMessages.notFound,
    responses: { 200: certificateVersionListSchema },
    errors: [errorCodes.notFound],
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/certificates/:id',
    auth: 'required',
    permission: 'certificates.edit',
    apiTokens: 'write',
    summary:
      "Delete a certificate and its photos (Premium; on the free plan, one's own working draft); one somebody signed is withdrawn instead",
    params: certificateIdParams,
    notFound: certificateMessages.notFound,
    responses: { 200: okResponseSchema },
    errors: [errorCodes.notFound, errorCodes.premiumRequired, errorCodes.conflict],
  }),
} as const;
