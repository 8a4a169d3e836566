import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { certificates, documentVersions, files, profiles, signatureRequests } from '../../db/schema.ts';

export type FileKeys = { storageKey: string; thumbnailKey: string; printKey: string | null };

/** SQL over `files` that spans features: which uploads nothing refers to any more. */
export const filesRepo = {
  /**
   * Deletes up to `limit` files created before `olderThan` that no record refers to, oldest first,
   * and returns their storage keys. A file is referred to by a certificate's photos, by the
   * applicator block frozen on a certificate (logo, signature), by either in an earlier certificate version, by a profile's logo or signature, or by a signature given by link.
   * Rows locked by a transaction that is attaching them are skipped, not waited for.
   */
  async deleteUnreferenced(db: Database, olderThan: Date, limit: number): Promise<FileKeys[]> {
    const result = await db.execute<{ storage_key: string; thumbnail_key: string; print_key: string | null }>(sql`
      with referenced (file_id) as (
        select photo->>'file_id' from ${certificates}, jsonb_array_elements(${certificates.photos}) as photo
        union all select ${certificates.applicator}->>'logo_file_id' from ${certificates}
        union all select ${certificates.applicator}->>'signature_file_id' from ${certificates}
        union all select ${profiles.logoFileId}::text from ${profiles}
        union all select ${profiles.signatureFileId}::text from ${profiles}
        union all select ${signatureRequests.signatureFileId}::text from ${signatureRequests}
        union all select photo->>'file_id' from ${documentVersions},
          jsonb_array_elements(case when jsonb_typeof(${documentVersions.body}->'photos') = 'array'
            then ${documentVersions.body}->'photos' else '[]'::jsonb end) as photo
          where ${documentVersions.kind} = 'certificate'
        union all select ${documentVersions.body}->'applicator'->>'logo_file_id' from ${documentVersions}
          where ${documentVersions.kind} = 'certificate'
        union all select ${documentVersions.body}->'applicator'->>'signature_file_id' from ${documentVersions}
          where ${documentVersions.kind} = 'certificate'
      ),
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
    return result.rows.map((row) => ({
      storageKey: row.storage_key,
      thumbnailKey: row.thumbnail_key,
      printKey: row.print_key,
    }));
  },
};
