import { pdfCheckEndpoint } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { callUpload } from '../../../lib/api-upload.ts';

/** POST /api/verify/pdf: a PDF checked by its seal against the record. Nothing is kept. */
export function useCheckPdfMutation() {
  return useMutation({ mutationFn: (file: File) => callUpload(pdfCheckEndpoint, { file }) });
}
