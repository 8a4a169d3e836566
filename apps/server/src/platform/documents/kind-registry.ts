import { documentKinds } from '@app/contract';
import type { Queryable } from '../../db/client.ts';
import { registeredDocumentKinds } from './documents.schema.ts';

/**
 * Makes `kinds` writable: every kind column references `document_kinds`, so the database refuses
 * a kind nobody registered (ADR 0076). One statement that leaves a registered kind alone, so
 * several servers starting at once, or a start on a database that has the rows, are all fine.
 */
async function registerDocumentKinds(db: Queryable, kinds: readonly string[]): Promise<void> {
  if (kinds.length === 0) return;
  await db
    .insert(registeredDocumentKinds)
    .values(kinds.map((kind) => ({ kind })))
    .onConflictDoNothing();
}

/** Every kind the contract declares: the start-up step runs it, after the migrations. */
export const registerDeclaredDocumentKinds = (db: Queryable) => registerDocumentKinds(db, documentKinds);

/**
 * A kind made at run time, not declared in the contract (a kind plugged into the kernel from one
 * file): await it before the kernel's first write of that kind.
 */
export const registerDocumentKind = (db: Queryable, kind: string) => registerDocumentKinds(db, [kind]);
