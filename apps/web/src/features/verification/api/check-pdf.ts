import { pdfCheckEndpoint } from '@app/contract';
import { callUpload } from '../../../lib/api-upload.ts';
import { useSendWithoutCache } from '../../../lib/send-without-cache.ts';

/**
 * POST /api/verify/pdf: a PDF checked by its seal against the record. Nothing is kept. Without the
 * query cache, which /verify does not load (ADR 0097).
 */
export function useCheckPdf() {
  return useSendWithoutCache((file: File) => callUpload(pdfCheckEndpoint, { file }));
}
