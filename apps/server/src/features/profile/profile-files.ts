import { sql } from 'drizzle-orm';
import { businesses, profiles } from '../../platform/accounts/business.schema.ts';
import type { FileReferenceSource } from '../../platform/storage/file-references.ts';

/** The files a company profile refers to: the business's logo and the applicator's signature. */
export const profileFileReferences: FileReferenceSource = {
  columns: ['businesses.logo_file_id', 'profiles.signature_file_id'],
  fileIds: sql`
    select ${businesses.logoFileId}::text from ${businesses}
    union all select ${profiles.signatureFileId}::text from ${profiles}`,
};
