import { documentVerifyEndpoint, isUuid } from '@app/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { VerifiableKind } from '../../platform/documents/verifiable-kind.ts';
import { AppError } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';

const NOT_FOUND = 'We have no record of this document version.';

/** GET /api/verify/{kind}/{id}/{version}: every kind's printed versions checked the same way. */
export const verificationRoutes =
  (kinds: VerifiableKind[]): FastifyPluginAsync =>
  async (app) => {
    const byKind = new Map(kinds.map((kind) => [kind.kind, kind]));
    route(app, documentVerifyEndpoint, async (request) => {
      const { kind, id, version } = request.params;
      const verification = isUuid(id) ? await byKind.get(kind)?.verify(id, Number(version)) : null;
      if (!verification) throw new AppError(404, 'not_found', NOT_FOUND);
      return verification;
    });
  };
