import { BUNDLES_DISABLED_MESSAGE, bundleEndpoints, errorCodes } from '@app/contract';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { route } from '../../platform/http/route.ts';

/**
 * Document bundles are disabled (PRODUCT.md, States): every declared bundle call answers with the
 * contract's message, before its body or id is looked at.
 */
export const bundlesRoutes: FastifyPluginAsync = async (app) => {
  const disabled = async () => {
    throw new AppError(403, errorCodes.featureDisabled, BUNDLES_DISABLED_MESSAGE);
  };
  for (const endpoint of Object.values(bundleEndpoints)) route(app, endpoint, disabled);
};
