import { sql } from 'drizzle-orm';
import { signatureRequests } from '../../platform/documents/documents.schema.ts';
import type { FileReferenceSource } from '../../platform/storage/file-references.ts';

/** The files signing refers to: each signature drawn by a signer. */
export const signingFileReferences: FileReferenceSource = {
  columns: ['signature_requests.signature_file_id'],
  fileIds: sql`select ${signatureRequests.signatureFileId}::text from ${signatureRequests}`,
};
