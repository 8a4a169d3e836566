import { PDFArray, PDFDict, type PDFDocument, PDFName } from 'pdf-lib';

/**
 * Takes a sealed PDF's signature out (its form and the signature widgets on its pages), before its
 * pages are joined into another PDF: a signature covers the bytes it was made over, and once the
 * file is written anew it would only show as broken (ADR 0041).
 */
export function withoutSignatures(pdf: PDFDocument): void {
  pdf.catalog.delete(PDFName.of('AcroForm'));
  for (const page of pdf.getPages()) {
    const annotations = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
    if (!annotations) continue;
    const kept = annotations.asArray().filter((entry) => {
      const annotation = pdf.context.lookupMaybe(entry, PDFDict);
      return annotation?.get(PDFName.of('FT')) !== PDFName.of('Sig');
    });
    if (kept.length === annotations.size()) continue;
    if (kept.length === 0) page.node.delete(PDFName.of('Annots'));
    else page.node.set(PDFName.of('Annots'), pdf.context.obj(kept));
  }
}
