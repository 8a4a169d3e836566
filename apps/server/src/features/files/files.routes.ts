import { uuidSchema } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { callerOf } from '../../platform/http/auth-context.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { FileVariant, StoredFile, StoredFiles } from '../../platform/storage/stored-files.ts';

const params = z.object({ id: uuidSchema });
const querystring = z.object({ expires: z.optional(z.coerce.number()), signature: z.optional(z.string()) });

// Someone else's file answers exactly like a missing one, so ids reveal nothing.
const notFound = () => new AppError(404, 'not_found', 'File not found.');

const variants: Array<[suffix: string, variant: FileVariant, summary: string]> = [
  ['', 'original', 'A stored image: by its signed URL, or by its owner'],
  ['/thumbnail', 'thumbnail', "A stored image's thumbnail: by its signed URL, or by its owner"],
];

/** GET /api/files/:id[/thumbnail]: by a valid signed URL, or by the owner's Bearer token. */
export const filesRoutes =
  (storedFiles: StoredFiles): FastifyPluginAsyncZod =>
  async (app) => {
    for (const [suffix, variant, summary] of variants) {
      const route = { onRequest: app.optionalAuth, schema: { summary, params, querystring } };
      app.get(`/files/:id${suffix}`, route, async (request, reply) => {
        const { id } = request.params;
        const { expires, signature } = request.query;
        let file: StoredFile | undefined;
        if (signature && expires && (await storedFiles.signatureIsValid(id, variant, expires, signature))) {
          file = await storedFiles.findById(id);
        } else if (request.headers.authorization) {
          // A rejected token answers 401, so the client renews it and retries.
          file = await storedFiles.findOwned(callerOf(request).userId, id);
        }
        if (!file) throw notFound();
        const bytes = await storedFiles.readBytes(file, variant);
        if (!bytes) throw notFound();
        return reply
          .header('content-type', bytes.contentType)
          .header('cache-control', 'private, max-age=3600')
          .send(bytes.data);
      });
    }
  };
