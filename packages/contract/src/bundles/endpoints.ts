import { BUNDLES_DISABLED_MESSAGE, errorCodes } from '../errors/errors.ts';
import { defineEndpoint } from '../http/endpoint.ts';

/**
 * Document bundles are disabled (PRODUCT.md, States). Creating one is declared so the /bundles page
 * can ask and show the server's answer; it has no success response, as none can happen. Every other
 * bundle call answers the same (the server's catch-all, bundles.routes.ts). The feature is off for
 * everyone, so no session is asked for.
 */
export const bundleEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/api/bundles',
    auth: 'none',
    summary: `Disabled: answers 403 ${BUNDLES_DISABLED_MESSAGE}`,
    responses: {},
    errors: [errorCodes.featureDisabled],
  }),
} as const;
