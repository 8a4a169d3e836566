import { errorResponseSchema } from '@app/contract';

/** The `error` of a response in the one error shape (it fails the test if the body has another shape). */
export const errorOf = (response: { json: () => unknown }) => errorResponseSchema.parse(response.json()).error;
