import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { files } from '../accounts/files.schema.ts';
import { type FileReferenceSource, referencedFileIds } from './file-references.ts';

export type FileKeys = { storageKey: string; thumbnailKey: string; printKey: string | null };

type KeyRow = { storage_key: string; thumbnail_key: string; print_key: string | null };
const keysOf = (row: KeyRow): FileKeys => ({
  storageKey: row.storage_key,
  thumbnailKey: row.thumbnail_key,
  printKey: row.print_key,
});

/** SQL over `files`: which uploads nothing refers to any more. */
export const filesRepo = {
  /**
   * Deletes up to `limit` files created before `olderThan` that no record refers to (as the
   * features' `references` say), oldest first, and returns their storage keys. Rows locked by a
   * transaction that is attaching them are skipped, not waited for.
   */
  async deleteUnreferenced(
    db: Database,
    references: readonly FileReferenceSource[],
    olderThan: Date,
    limit: number,
  ): Promise<FileKeys[]> {
    const result = await db.execute<KeyRow>(sql`
      with referenced (file_id) as (${referencedFileIds(references)}),
      orphans as (
        select ${files.id} as id from ${files}
        where ${files.createdAt} < ${olderThan}
          and not exists (select 1 from referenced where referenced.file_id = ${files.id}::text)
        order by ${files.createdAt}
        limit ${limit}
        for update skip locked
      )
      delete from ${files} where ${files.id} in (select id from orphans)
      returning ${files.storageKey}, ${files.thumbnailKey}, ${files.printKey}`);
    return result.rows.map(keysOf);
  },

  /** Deletes `businessId`'s file unless a record refers to it; its keys when it did. */
  async deleteOwnedUnlessReferenced(
    db: Database,
    references: readonly FileReferenceSource[],
    businessId: string,
    fileId: string,
  ): Promise<FileKeys | undefined> {
    const result = await db.execute<KeyRow>(sql`
      with referenced (file_id) as (${referencedFileIds(references)})
      delete from ${files}
      where ${files.id} = ${fileId} and ${files.businessId} = ${businessId}
        and not exists (select 1 from referenced where referenced.file_id = ${fileId})
      returning ${files.storageKey}, ${files.thumbnailKey}, ${files.printKey}`);
    const [row] = result.rows;
    return row && keysOf(row);
  },

  /**
   * Of storage folders (`users/<id>`, `businesses/<id>`), those no file row names a key under: a
   * deleted business's folder may still hold the objects of files brought into another business
   * (ADR 0089) or of a member's signature, which keep their keys. Reads every row: for the deletion
   * job, off any request.
   */
  async foldersNamedByNoFile(db: Database, folders: readonly string[]): Promise<string[]> {
    const result = await db.execute<{ folder: string }>(sql`
      select folder from unnest(array[${sql.join(
        folders.map((folder) => sql`${folder}`),
        sql`, `,
      )}]::text[]) folder
      where not exists (
        select 1 from ${files}
        where starts_with(${files.storageKey}, folder || '/') or starts_with(${files.thumbnailKey}, folder || '/')
          or starts_with(${files.printKey}, folder || '/'))`);
    return result.rows.map((row) => row.folder);
  },
};
