import { fileEndpoints } from '@app/contract';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { callerOf } from '../../platform/http/auth-context.ts';
import { route } from '../../platform/http/route.ts';
import type { FileVariant, StoredFile, StoredFiles } from '../../platform/storage/stored-files.ts';

// Someone else's file answers exactly like a missing one, so ids reveal nothing.
const notFound = () => new AppError(404, 'not_found', 'File not found.');

const variants = [
  [fileEndpoints.original, 'original'],
  [fileEndpoints.thumbnail, 'thumbnail'],
] as const satisfies ReadonlyArray<readonly [unknown, FileVariant]>;

/** GET /api/files/:id[/thumbnail]: by a valid signed URL, or by the owner's Bearer token. */
export const filesRoutes =
  (storedFiles: StoredFiles): FastifyPluginAsync =>
  async (app) => {
    for (const [endpoint, variant] of variants) {
      route(app, endpoint, async (request) => {
        const { id } = request.params;
        const { expires, signature } = request.query;
        let file: StoredFile | undefined;
        if (signature && expires && (await storedFiles.signatureIsValid(id, variant, expires, signature))) {
          file = await storedFiles.findById(id);
        } else if (request.headers.authorization) {
          // A rejected token answers 401, so the client renews it and retries.
          file = await storedFiles.findOwned(callerOf(request).businessId, id);
        }
        if (!file) throw notFound();
        const bytes = await storedFiles.readBytes(file, variant);
        if (!bytes) throw notFound();
        // Signed URLs last longer than an hour: the browser may keep its copy that long.
        return { bytes: bytes.data, contentType: bytes.contentType, privateMaxAgeSeconds: 3600 };
      });
    }
  };
