import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFObjectCopier,
  PDFPage,
  type PDFPageLeaf,
  PDFRef,
} from 'pdf-lib';
import { withoutSignatures } from './without-signatures.ts';

/**
 * `appendix`'s pages after `document`'s, as one PDF that stays what each part is (ADR 0051): PDF/A-2b
 * (the document's catalog, XMP packet and OutputIntent are kept, and its Info dictionary as it was,
 * so the two still agree) and tagged (the appendix's structure tree joins the document's, in page
 * order, its parent tree renumbered after the document's). A sealed document's signature is taken
 * out first: it covered the document alone (ADR 0041).
 */
export async function appendPages(document: Buffer, appendix: Buffer): Promise<Uint8Array> {
  // updateMetadata: false, or pdf-lib would name itself the producer and now the creation date.
  const joined = await PDFDocument.load(document, { updateMetadata: false });
  withoutSignatures(joined);
  const extra = await PDFDocument.load(appendix, { updateMetadata: false });
  // One copier for the pages and then their structure: a structure element's page is the page copied.
  const copier = PDFObjectCopier.for(extra.context, joined.context);
  const keys = structureKeysOf(joined);
  const shift = keys ? keys.next : 0;
  for (const page of extra.getPages()) {
    const ref = copier.copy(page.ref) as PDFRef;
    const node = joined.context.lookup(ref) as PDFPageLeaf;
    shiftStructParents(joined, node, shift);
    joined.addPage(PDFPage.of(node, ref, joined));
  }
  const extraRoot = extra.catalog.get(PDFName.of('StructTreeRoot'));
  if (keys && extraRoot instanceof PDFRef) joinStructure(joined, keys, copier.copy(extraRoot) as PDFRef, shift);
  return joined.save();
}

type StructureKeys = {
  root: PDFDict;
  document: PDFDict;
  documentRef: PDFRef;
  parentTree: PDFDict;
  nums: PDFArray;
  next: number;
};

/** The document's structure tree root, its one top element and its parent tree, or null if untagged. */
function structureKeysOf(pdf: PDFDocument): StructureKeys | null {
  const root = pdf.catalog.lookupMaybe(PDFName.of('StructTreeRoot'), PDFDict);
  const top = root?.get(PDFName.of('K'));
  const documentRef = top instanceof PDFArray && top.size() === 1 ? top.get(0) : top;
  const document = documentRef instanceof PDFRef ? pdf.context.lookupMaybe(documentRef, PDFDict) : undefined;
  const parentTree = root?.lookupMaybe(PDFName.of('ParentTree'), PDFDict);
  const nums = parentTree?.lookupMaybe(PDFName.of('Nums'), PDFArray);
  if (!root || !document || !(documentRef instanceof PDFRef) || !parentTree || !nums) return null;
  let next = 0;
  for (let index = 0; index < nums.size(); index += 2) {
    next = Math.max(next, (nums.lookup(index, PDFNumber) as PDFNumber).asNumber() + 1);
  }
  return { root, document, documentRef, parentTree, nums, next };
}

/** The page's key in the parent tree, and its annotations', moved past the document's keys. */
function shiftStructParents(pdf: PDFDocument, page: PDFPageLeaf, shift: number): void {
  const shifted = (dict: PDFDict, key: string) => {
    const value = dict.lookupMaybe(PDFName.of(key), PDFNumber);
    if (value) dict.set(PDFName.of(key), PDFNumber.of(value.asNumber() + shift));
  };
  shifted(page, 'StructParents');
  for (const annotation of page.Annots()?.asArray() ?? []) {
    const dict = pdf.context.lookupMaybe(annotation, PDFDict);
    if (dict) shifted(dict, 'StructParent');
  }
}

/**
 * The copied appendix's top element's children become the document element's last children, and
 * its parent tree's entries follow the document's; the appendix's own root and top element go.
 */
function joinStructure(pdf: PDFDocument, keys: StructureKeys, copiedRootRef: PDFRef, shift: number): void {
  const copiedRoot = pdf.context.lookup(copiedRootRef, PDFDict);
  const top = copiedRoot.get(PDFName.of('K'));
  const topRefs = top instanceof PDFArray ? top.asArray() : top ? [top] : [];
  const children: PDFObject[] = [];
  for (const topRef of topRefs) {
    const element = pdf.context.lookupMaybe(topRef, PDFDict);
    const kids = element?.get(PDFName.of('K'));
    children.push(...(kids instanceof PDFArray ? kids.asArray() : kids ? [kids] : []));
    if (topRef instanceof PDFRef) pdf.context.delete(topRef);
  }
  const documentKids = keys.document.get(PDFName.of('K'));
  const kids = documentKids instanceof PDFArray ? documentKids : pdf.context.obj(documentKids ? [documentKids] : []);
  for (const child of children) {
    pdf.context.lookupMaybe(child, PDFDict)?.set(PDFName.of('P'), keys.documentRef);
    kids.push(child);
  }
  keys.document.set(PDFName.of('K'), kids);

  const nums = copiedRoot.lookupMaybe(PDFName.of('ParentTree'), PDFDict)?.lookupMaybe(PDFName.of('Nums'), PDFArray);
  let next = keys.next;
  for (let index = 0; nums && index + 1 < nums.size(); index += 2) {
    const key = (nums.lookup(index, PDFNumber) as PDFNumber).asNumber() + shift;
    keys.nums.push(PDFNumber.of(key));
    keys.nums.push(nums.get(index + 1));
    next = Math.max(next, key + 1);
  }
  // A tree's root has no limits (pdfkit writes some, which the appended keys would contradict).
  keys.parentTree.delete(PDFName.of('Limits'));
  keys.root.set(PDFName.of('ParentTreeNextKey'), PDFNumber.of(next));
  pdf.context.delete(copiedRootRef);
}
