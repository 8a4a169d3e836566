/**
 * What a handler of a file endpoint returns (a PDF, an image); route() answers it with the one set
 * of headers. `filename` (kept to safe characters) names a download, opened as the contract says;
 * `contentType` when it is only known per file (an image's); `privateMaxAgeSeconds` lets the
 * browser keep it, where a document is never kept (the default).
 */
export type FileReply = { bytes: Buffer; filename?: string; contentType?: string; privateMaxAgeSeconds?: number };

/** A rendered document and the name it is saved under. */
export type PdfFile = FileReply & { filename: string };
