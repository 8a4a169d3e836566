import type { Queryable } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit-trail.ts';
import type { RequestMetadata } from '../../platform/http/request-metadata.ts';

/** An event about the user's own account, done by that user (ADR 0020): the trail keeps ids, never addresses. */
export function recordAccountEvent(
  tx: Queryable,
  type: 'account.email_changed' | 'account.deleted',
  userId: string,
  origin: RequestMetadata,
) {
  return audit.record(tx, {
    type,
    data: {},
    actor: { kind: 'user', userId },
    subject: { kind: 'user', id: userId },
    origin,
  });
}
