import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../platform/http/errors.ts';

export const BUNDLES_DISABLED_MESSAGE = 'Bundle feature is currently disabled';

/** Document bundles are disabled (PRODUCT.md, States): every call answers with the spec's message. */
export const bundlesRoutes: FastifyPluginAsync = async (app) => {
  const disabled = async () => {
    throw new AppError(403, 'feature_disabled', BUNDLES_DISABLED_MESSAGE);
  };
  const schema = { summary: 'Disabled: every call answers 403 Bundle feature is currently disabled' };
  app.all('/bundles', { schema }, disabled);
  app.all('/bundles/*', { schema }, disabled);
};
