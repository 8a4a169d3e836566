import { z } from 'zod/mini';
import { uuidSchema } from '../common/values.ts';
import { errorCodes } from '../errors/errors.ts';
import { defineEndpoint, fileResponse } from '../http/endpoint.ts';

const params = z.object({ id: uuidSchema });
/** A signed URL's expiry (seconds since the epoch) and signature; without them, the owner's Bearer token. */
const query = z.object({ expires: z.optional(z.coerce.number()), signature: z.optional(z.string()) });

/** Stored images, by a signed URL (so <img> works without headers) or by their owner. */
export const fileEndpoints = {
  original: defineEndpoint({
    method: 'GET',
    path: '/api/files/:id',
    auth: 'optional',
    permission: 'files.upload',
    apiTokens: 'read',
    summary: 'A stored image: by its signed URL, or by its owner',
    params,
    query,
    responses: { 200: fileResponse('image/*') },
    errors: [errorCodes.notFound],
  }),
  thumbnail: defineEndpoint({
    method: 'GET',
    path: '/api/files/:id/thumbnail',
    auth: 'optional',
    permission: 'files.upload',
    apiTokens: 'read',
    summary: "A stored image's thumbnail: by its signed URL, or by its owner",
    params,
    query,
    responses: { 200: fileResponse('image/*') },
    errors: [errorCodes.notFound],
  }),
} as const;
