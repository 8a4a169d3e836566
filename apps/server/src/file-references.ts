import { certificateFileReferences } from './features/certificates/certificate-files.ts';
import { profileFileReferences } from './features/profile/profile-files.ts';
import { signingFileReferences } from './features/signing/signing-files.ts';
import type { FileReferenceSource } from './platform/storage/file-references.ts';

/**
 * Every feature's references to stored files: the orphan sweep deletes an old upload only when
 * none of them names it. A feature that stores file ids adds its source here; a test fails while a
 * column referring to `files` is in none of them.
 */
export const fileReferences: readonly FileReferenceSource[] = [
  certificateFileReferences,
  profileFileReferences,
  signingFileReferences,
];
