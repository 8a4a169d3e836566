import { z } from 'zod/mini';
import { BUNDLES_DISABLED_MESSAGE, errorCodes } from '../errors/errors.ts';
import { defineEndpoint } from '../http/endpoint.ts';

const bundleParams = z.object({ id: z.string().check(z.maxLength(100)) });
const disabled = {
  auth: 'none',
  summary: `Disabled: answers 403 ${BUNDLES_DISABLED_MESSAGE}`,
  responses: {},
  errors: [errorCodes.featureDisabled],
} as const;

/**
 * Document bundles are disabled (PRODUCT.md, States): each bundle call is declared, and each answers
 * 403 with the sentence PRODUCT.md gives, so none has a success response. Creating one is what the /bundles
 * page asks. The feature is off for everyone, so no session is asked for.
 */
export const bundleEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/api/bundles', ...disabled }),
  create: defineEndpoint({ method: 'POST', path: '/api/bundles', ...disabled }),
  get: defineEndpoint({ method: 'GET', path: '/api/bundles/:id', params: bundleParams, ...disabled }),
  update: defineEndpoint({ method: 'PUT', path: '/api/bundles/:id', params: bundleParams, ...disabled }),
  delete: defineEndpoint({ method: 'DELETE', path: '/api/bundles/:id', params: bundleParams, ...disabled }),
} as const;
