import { type Session, sessionSchema } from '@app/contract';

/**
 * The session this browser stored, if it still is one. Loaded by the session store only when
 * something is stored, so a visitor's pages carry no zod (ADR 0084).
 */
export function parseStoredSession(raw: string): Session | null {
  try {
    const parsed = sessionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
