import { BUNDLES_DISABLED_MESSAGE, bundleEndpoints, errorCodes } from '@app/contract';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';

/**
 * Document bundles are disabled (PRODUCT.md, States): every call, whatever its method or path
 * under /api/bundles, answers with the spec's message. Creating one is declared in the contract (the
 * /bundles page calls it); the other calls have no declaration, and the OpenAPI document lists them
 * from `undeclared`.
 */
export const bundlesRoutes: FastifyPluginAsync = async (app) => {
  const disabled = async () => {
    throw new AppError(403, errorCodes.featureDisabled, BUNDLES_DISABLED_MESSAGE);
  };
  const config = {
    undeclared: {
      summary: `Disabled: every call answers 403 ${BUNDLES_DISABLED_MESSAGE}`,
      errors: [errorCodes.featureDisabled],
    },
  };
  route(app, bundleEndpoints.create, disabled);
  app.route({
    method: app.supportedMethods.filter((method) => method !== bundleEndpoints.create.method),
    url: '/bundles',
    config,
    handler: disabled,
  });
  app.all('/bundles/*', { config }, disabled);
};
