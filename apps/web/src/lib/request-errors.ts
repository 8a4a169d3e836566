import { CONNECTION_ERROR_MESSAGE } from './auth/auth-errors.ts';
import { ApiError, clientErrorCodes, NetworkError } from './http.ts';

export const UNEXPECTED_ERROR_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';

/**
 * What to tell the user when a request failed. The server's messages are written for users and
 * say what to do next, so they are shown as they are; anything else gets a plain explanation.
 */
export function requestErrorMessage(error: unknown): string {
  if (error instanceof NetworkError) return CONNECTION_ERROR_MESSAGE;
  // An unexpected response is a proxy's page, not our words.
  if (error instanceof ApiError && error.code !== clientErrorCodes.unexpectedResponse) return error.message;
  return UNEXPECTED_ERROR_MESSAGE;
}

/**
 * The per-field messages of a 400 validation error, keyed by the field name the server reports
 * (`company_abn`; a list item's `common_materials.2` is reported under `common_materials`).
 * The first message per field wins.
 */
export function fieldErrorsFrom(error: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!(error instanceof ApiError)) return errors;
  for (const { path, message } of error.details) {
    const field = path.split('.')[0];
    if (field && !(field in errors)) errors[field] = message;
  }
  return errors;
}

/**
 * The messages of a 400 validation error about the rows of a list (`signers.1.name`), keyed
 * `<row index>.<field>`, each naming its row ("Signer 2: enter the signer's name."), so a person
 * who hears only the message knows which row to fix. The first message per field wins.
 */
export function rowErrorsFrom(
  error: unknown,
  list: string,
  rowName: (index: number) => string,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!(error instanceof ApiError)) return errors;
  for (const { path, message } of error.details) {
    const [field, row, column] = path.split('.');
    if (field !== list || !row || !column) continue;
    errors[`${row}.${column}`] ??= `${rowName(Number(row))}: ${message.charAt(0).toLowerCase()}${message.slice(1)}`;
  }
  return errors;
}
