import type { KernelHeadTableKind } from '@app/contract';
import type { Queryable } from '../../db/client.ts';
import type { RecordOwner } from '../../platform/accounts/memberships.ts';
import { audit } from '../../platform/audit/audit-trail.ts';
import type { JsonValue } from '../../platform/documents/fingerprint.ts';
import type { CurrentDocument, KernelKindRules } from '../../platform/documents/versioned-documents.ts';

type Found = Pick<CurrentDocument<unknown>, 'document' | 'version'>;

/**
 * A SWMS's or cover sheet's life in the audit trail, for the owner's activity view (ADR 0090): a
 * version issued by whichever act first hands it out (ADR 0099), the document deleted or (signed)
 * withdrawn. The
 * number is kept in the event, as a deleted document can no longer be read.
 */
export const lifeEventsOf = <Body extends { readonly [name: string]: JsonValue }>(
  kind: KernelHeadTableKind,
): Required<Pick<KernelKindRules<Body>, 'issued' | 'removed'>> => ({
  issued: (tx, found, issuedBy) =>
    record(tx, kind, found, issuedBy, {
      type: 'document.issued',
      data: { number: found.document.number, version: found.version.version },
    }),
  removed: (tx, found, owner, withdrawn) =>
    record(tx, kind, found, owner, {
      type: withdrawn ? 'document.withdrawn' : 'document.deleted',
      data: { number: found.document.number },
    }),
});

async function record(
  tx: Queryable,
  kind: KernelHeadTableKind,
  { document }: Found,
  by: RecordOwner,
  event:
    | { type: 'document.issued'; data: { number: string; version: number } }
    | { type: 'document.deleted' | 'document.withdrawn'; data: { number: string } },
): Promise<void> {
  await audit.record(tx, {
    ...event,
    actor: { kind: 'user', userId: by.userId },
    subject: { kind, id: document.id },
    origin: null,
  });
}
