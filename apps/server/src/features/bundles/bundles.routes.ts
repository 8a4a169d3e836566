import { BUNDLES_DISABLED_MESSAGE, errorCodes } from '@app/contract';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../platform/http/errors.ts';

/**
 * Document bundles are disabled (PRODUCT.md, States): every call, whatever its method or path
 * under /api/bundles, answers with the spec's message. No client calls them, so they have no
 * contract declaration; the OpenAPI document lists them from `undeclared`.
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
  app.all('/bundles', { config }, disabled);
  app.all('/bundles/*', { config }, disabled);
};
