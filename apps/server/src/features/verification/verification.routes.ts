import {
  documentVerifyEndpoint,
  errorCodes,
  PDF_CHECK_MAX_MEGABYTES,
  PDF_CHECK_MESSAGES,
  pdfCheckEndpoint,
  SEAL_ROOT_FILENAME,
  SEAL_ROOT_NOT_SERVED_MESSAGE,
  sealRootEndpoint,
  VERIFICATION_NOT_FOUND_MESSAGE,
} from '@app/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { VerifiableKind } from '../../platform/documents/verifiable-kind.ts';
import { AppError } from '../../platform/errors.ts';
import { route } from '../../platform/http/route.ts';
import { readSingleUpload } from '../../platform/http/upload.ts';
import type { PdfSealer } from '../../platform/pdf/seal.ts';
import { checkPdf } from './pdf-check.ts';

const pdfUpload = {
  maxBytes: PDF_CHECK_MAX_MEGABYTES * 1024 * 1024,
  notMultipart: PDF_CHECK_MESSAGES.notMultipart,
  noFile: PDF_CHECK_MESSAGES.noFile,
  tooLarge: PDF_CHECK_MESSAGES.tooLarge,
  unreadable: PDF_CHECK_MESSAGES.noFile,
};

/**
 * GET /api/verify/{kind}/{id}/{version}: every kind's printed versions checked the same way;
 * POST /api/verify/pdf: a PDF checked by its seal (ADR 0041); GET /api/verify/seal-root: the seal's
 * root certificate, to trust (ADR 0061).
 */
export const verificationRoutes =
  (kinds: VerifiableKind[], seal: PdfSealer, sealRoot: () => Promise<Uint8Array | undefined>): FastifyPluginAsync =>
  async (app) => {
    const byKind = new Map(kinds.map((kind) => [kind.kind, kind]));
    route(app, documentVerifyEndpoint, async (request) => {
      const { kind, id, version } = request.params;
      const verification = await byKind.get(kind)?.verify(id, Number(version));
      if (!verification) throw new AppError(404, 'not_found', VERIFICATION_NOT_FOUND_MESSAGE);
      return verification;
    });
    route(app, pdfCheckEndpoint, async (request) =>
      checkPdf(await readSingleUpload(request, pdfUpload), seal, byKind, request.ip),
    );
    route(app, sealRootEndpoint, async () => {
      const root = await sealRoot();
      if (!root) throw new AppError(404, errorCodes.notFound, SEAL_ROOT_NOT_SERVED_MESSAGE);
      // The same for years (a replaced seal brings a new one): a browser may keep it a day.
      return { bytes: Buffer.from(root), filename: SEAL_ROOT_FILENAME, privateMaxAgeSeconds: 86_400 };
    });
  };
