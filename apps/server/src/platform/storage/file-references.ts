import { type SQL, sql } from 'drizzle-orm';

/**
 * Where one feature's records name stored files: the file ids they refer to, as one query of a
 * single text column, and the columns it reads. Each feature's manifest declares its own (ADR 0073);
 * the orphan sweep gets them all and deletes only what none of them names. A test checks
 * that every column of the database referring to `files` is covered by one.
 */
export type FileReferenceSource = {
  /** What this reads, as `table.column` (e.g. `profiles.logo_file_id`). */
  columns: readonly string[];
  /** `select … as file_id`: the ids, as text (nulls are fine). */
  fileIds: SQL;
};

/** Every id the sources name, as one query of `file_id`. */
export const referencedFileIds = (sources: readonly FileReferenceSource[]) =>
  sql.join(
    sources.map((source) => source.fileIds),
    sql` union all `,
  );
