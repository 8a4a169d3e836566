import type { FastifyReply } from 'fastify';

/** A rendered PDF and the name it is saved under. */
export type PdfFile = { pdf: Buffer; filename: string };

/**
 * Answers with a PDF: downloaded (`attachment`) or shown in the browser (`inline`), under a name
 * kept to safe characters. Documents are private: a shared cache never keeps one, and a browser
 * asks again before reusing its copy (a version's verdict or register may have changed).
 */
export function sendPdf(
  reply: FastifyReply,
  { pdf, filename }: PdfFile,
  disposition: 'attachment' | 'inline' = 'attachment',
) {
  reply.headers({
    'content-type': 'application/pdf',
    'content-disposition': `${disposition}; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
    'cache-control': 'private, no-store',
  });
  return pdf;
}
