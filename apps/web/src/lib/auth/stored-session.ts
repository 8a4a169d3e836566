import type { Session } from '@app/contract';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * contract sessionSchema, checked by hand: with the schema every page would load zod, and a member's
 * start could not wait for it to load without painting later (ADR 0084). stored-session.test.ts holds
 * the two to the same answers.
 */
function isSession(value: unknown): value is Session {
  if (!isRecord(value) || !isRecord(value.user)) return false;
  const { user } = value;
  return (
    typeof value.access_token === 'string' &&
    value.token_type === 'bearer' &&
    typeof value.expires_in === 'number' &&
    typeof value.expires_at === 'number' &&
    typeof value.refresh_token === 'string' &&
    (value.recovery === undefined || typeof value.recovery === 'boolean') &&
    typeof user.id === 'string' &&
    typeof user.email === 'string' &&
    (user.email_confirmed_at === null || typeof user.email_confirmed_at === 'string') &&
    typeof user.created_at === 'string'
  );
}

/** The session this browser stored, if it still is one (an older build's, or a damaged copy, is not). */
export function parseStoredSession(raw: string): Session | null {
  try {
    const value: unknown = JSON.parse(raw);
    return isSession(value) ? value : null;
  } catch {
    return null;
  }
}
