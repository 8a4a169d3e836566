import { documentVerifyEndpoint, VERIFICATION_NOT_FOUND_MESSAGE } from '@app/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { VerifiableKind } from '../../platform/documents/verifiable-kind.ts';
import { AppError } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';

/** GET /api/verify/{kind}/{id}/{version}: every kind's printed versions checked the same way. */
export const verificationRoutes =
  (kinds: VerifiableKind[]): FastifyPluginAsync =>
  async (app) => {
    const byKind = new Map(kinds.map((kind) => [kind.kind, kind]));
    route(app, documentVerifyEndpoint, async (request) => {
      const { kind, id, version } = request.params;
      const verification = await byKind.get(kind)?.verify(id, Number(version));
      if (!verification) throw new AppError(404, 'not_found', VERIFICATION_NOT_FOUND_MESSAGE);
      return verification;
    });
  };
