import { sql } from 'drizzle-orm';
import { documentVersions } from '../../platform/documents/documents.schema.ts';
import type { FileReferenceSource } from '../../platform/storage/file-references.ts';
import { certificates } from './certificates.schema.ts';

const keptCertificateBodies = sql`${documentVersions.kind} = 'certificate'`;

/**
 * The files certificates refer to: each photo, and the logo and signature frozen in the
 * applicator block, on the current version and on every kept version.
 */
export const certificateFileReferences: FileReferenceSource = {
  columns: ['certificates.photos', 'certificates.applicator', 'document_versions.body'],
  fileIds: sql`
    select photo->>'file_id' from ${certificates}, jsonb_array_elements(${certificates.photos}) as photo
    union all select ${certificates.applicator}->>'logo_file_id' from ${certificates}
    union all select ${certificates.applicator}->>'signature_file_id' from ${certificates}
    union all select photo->>'file_id' from ${documentVersions},
      jsonb_array_elements(case when jsonb_typeof(${documentVersions.body}->'photos') = 'array'
        then ${documentVersions.body}->'photos' else '[]'::jsonb end) as photo
      where ${keptCertificateBodies}
    union all select ${documentVersions.body}->'applicator'->>'logo_file_id' from ${documentVersions}
      where ${keptCertificateBodies}
    union all select ${documentVersions.body}->'applicator'->>'signature_file_id' from ${documentVersions}
      where ${keptCertificateBodies}`,
};
