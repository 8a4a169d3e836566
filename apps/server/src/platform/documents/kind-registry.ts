import type { Queryable } from '../../db/client.ts';
import { registeredDocumentKinds } from './documents.schema.ts';

/**
 * Makes a kind made at run time writable (a kind plugged into the kernel from one file): every kind
 * column references `document_kinds`, so the database refuses a kind nobody registered (ADR 0076).
 * The contract's kinds are registered at start-up, after the migrations (db/migrate.ts). One
 * statement that leaves a registered kind alone: await it before the kernel's first write.
 */
export async function registerDocumentKind(db: Queryable, kind: string): Promise<void> {
  await db.insert(registeredDocumentKinds).values({ kind }).onConflictDoNothing();
}
