import { type ErrorResponse, errorResponseSchema } from '@app/contract';

/**
 * The `error` of a response in the one error shape (it fails the test if the body has another
 * shape, or if its `request_id` is not the request's x-request-id header), without the request id,
 * so tests compare what the error says.
 */
export const errorOf = (response: {
  json: () => unknown;
  headers: Record<string, unknown>;
}): Omit<ErrorResponse['error'], 'request_id'> => {
  const { request_id: requestId, ...error } = errorResponseSchema.parse(response.json()).error;
  if (requestId !== response.headers['x-request-id']) {
    throw new Error(
      `the error's request_id ${requestId} is not the x-request-id header ${response.headers['x-request-id']}`,
    );
  }
  return error;
};
