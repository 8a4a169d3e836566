import { sql } from 'drizzle-orm';
import { profiles } from '../../platform/accounts/business.schema.ts';
import type { FileReferenceSource } from '../../platform/storage/file-references.ts';

/** The files a company profile refers to: its logo and the applicator's signature. */
export const profileFileReferences: FileReferenceSource = {
  columns: ['profiles.logo_file_id', 'profiles.signature_file_id'],
  fileIds: sql`
    select ${profiles.logoFileId}::text from ${profiles}
    union all select ${profiles.signatureFileId}::text from ${profiles}`,
};
