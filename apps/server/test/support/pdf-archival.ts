import {
  decodePDFRawStream,
  PDFArray,
  PDFBool,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRawStream,
  PDFRef,
  PDFString,
} from 'pdf-lib';

/*
 * What PDF/A-2b and a tagged PDF need, read back from a PDF's bytes with pdf-lib's parser (no
 * validator for PDF/A installs from the registries here; ADR 0051): the XMP's PDF/A identification,
 * the OutputIntent, the catalog's language, tagging and title display, the structure tree, and each
 * page's content streams: every image drawn is in a figure with alternative text or an artifact,
 * and no text is drawn outside a marked-content sequence.
 */

export type ArchivalFacts = {
  pdfaPart: string | null;
  pdfaConformance: string | null;
  /** An `&` or `<` that is not markup or an entity would make the packet unreadable XML. */
  xmpWellFormed: boolean;
  outputIntents: Array<{ subtype: string | null; components: number | null }>;
  lang: string | null;
  displayDocTitle: boolean;
  marked: boolean;
  /** Every structure element's type, depth first: the reading order. */
  structure: string[];
  /** Each Figure's alternative text (null when it has none). */
  figureAlts: Array<string | null>;
  imagesDrawn: number;
  /** Images drawn neither inside an artifact nor in a Figure that has alternative text. */
  imagesWithoutAlt: number;
  /** Text-showing operators outside any marked-content sequence. */
  untaggedTextRuns: number;
  /** Marked-content sequences that were not closed, or closed without being opened, over all pages. */
  unbalancedMarks: number;
  /** Marked content whose MCID the parent tree does not map to a structure element. */
  unmappedMcids: number;
};

const text = (object: PDFObject | undefined) =>
  object instanceof PDFString || object instanceof PDFHexString ? object.decodeText() : null;

export async function archivalFacts(pdf: Buffer): Promise<ArchivalFacts> {
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  const { catalog, context } = document;
  const lookup = (object: PDFObject | undefined) => (object instanceof PDFRef ? context.lookup(object) : object);

  const metadata = lookup(catalog.get(PDFName.of('Metadata')));
  const xmp = metadata instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(metadata).decode()).toString() : '';
  const tag = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xmp)?.[1] ?? null;

  const intents = lookup(catalog.get(PDFName.of('OutputIntents')));
  const outputIntents = (intents instanceof PDFArray ? intents.asArray() : []).map((entry) => {
    const intent = lookup(entry);
    const profile = intent instanceof PDFDict ? lookup(intent.get(PDFName.of('DestOutputProfile'))) : undefined;
    const components = profile instanceof PDFRawStream ? lookup(profile.dict.get(PDFName.of('N'))) : undefined;
    return {
      subtype: intent instanceof PDFDict ? (lookup(intent.get(PDFName.of('S')))?.toString() ?? null) : null,
      components: components instanceof PDFNumber ? components.asNumber() : null,
    };
  });

  const preferences = lookup(catalog.get(PDFName.of('ViewerPreferences')));
  const markInfo = lookup(catalog.get(PDFName.of('MarkInfo')));
  const structTreeRoot = lookup(catalog.get(PDFName.of('StructTreeRoot')));

  const structure: string[] = [];
  const figureAlts: Array<string | null> = [];
  const walk = (object: PDFObject | undefined, depth: number) => {
    const node = lookup(object);
    if (depth > 200) throw new Error('Structure tree too deep');
    if (node instanceof PDFArray) for (const child of node.asArray()) walk(child, depth + 1);
    if (!(node instanceof PDFDict)) return;
    const type = lookup(node.get(PDFName.of('S')));
    if (type instanceof PDFName) {
      structure.push(type.decodeText());
      if (type.decodeText() === 'Figure') figureAlts.push(text(lookup(node.get(PDFName.of('Alt')))));
    }
    walk(node.get(PDFName.of('K')), depth + 1);
  };
  if (structTreeRoot instanceof PDFDict) walk(structTreeRoot.get(PDFName.of('K')), 0);

  const parentTree = structTreeRoot instanceof PDFDict ? lookup(structTreeRoot.get(PDFName.of('ParentTree'))) : null;
  const parentsOf = (key: number): PDFObject[] => {
    const find = (node: PDFObject | undefined, depth: number): PDFObject[] => {
      const tree = lookup(node);
      if (!(tree instanceof PDFDict) || depth > 20) return [];
      const nums = lookup(tree.get(PDFName.of('Nums')));
      if (nums instanceof PDFArray) {
        for (let index = 0; index + 1 < nums.size(); index += 2) {
          if ((lookup(nums.get(index)) as PDFNumber).asNumber() === key) {
            const value = lookup(nums.get(index + 1));
            return value instanceof PDFArray ? value.asArray() : [];
          }
        }
      }
      const kids = lookup(tree.get(PDFName.of('Kids')));
      return kids instanceof PDFArray ? kids.asArray().flatMap((kid) => find(kid, depth + 1)) : [];
    };
    return find(parentTree ?? undefined, 0);
  };

  let imagesDrawn = 0;
  let imagesWithoutAlt = 0;
  let untaggedTextRuns = 0;
  let unbalancedMarks = 0;
  let unmappedMcids = 0;
  for (const page of document.getPages()) {
    const structParents = lookup(page.node.get(PDFName.of('StructParents')));
    const parents = structParents instanceof PDFNumber ? parentsOf(structParents.asNumber()) : [];
    const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    const contents = lookup(page.node.get(PDFName.of('Contents')));
    const streams = contents instanceof PDFArray ? contents.asArray().map(lookup) : [contents];
    const operators = streams
      .map((stream) =>
        stream instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(stream).decode()) : Buffer.alloc(0),
      )
      .map((bytes) => bytes.toString('latin1'))
      .join('\n');
    const marks: Array<{ artifact: boolean; mcid: number | null }> = [];
    const token = /\/(\w+)\s*(<<[\s\S]*?>>)?\s*(BDC|BMC)\b|\bEMC\b|\/(\w+)\s+Do\b|\b(TJ|Tj)\b/g;
    for (let match = token.exec(operators); match; match = token.exec(operators)) {
      const [operator, markTag, properties, , xObject, show] = match;
      if (markTag) {
        const mcid = /\/MCID\s+(\d+)/.exec(properties ?? '')?.[1];
        marks.push({ artifact: markTag === 'Artifact', mcid: mcid === undefined ? null : Number(mcid) });
        if (mcid !== undefined) {
          const element = lookup(parents[Number(mcid)]);
          if (!(element instanceof PDFDict) || !element.get(PDFName.of('S'))) unmappedMcids += 1;
        }
      } else if (operator === 'EMC') {
        if (!marks.pop()) unbalancedMarks += 1;
      } else if (xObject) {
        const drawn = xObjects ? lookup(xObjects.get(PDFName.of(xObject))) : undefined;
        if (!(drawn instanceof PDFRawStream) || lookup(drawn.dict.get(PDFName.of('Subtype')))?.toString() !== '/Image')
          continue;
        imagesDrawn += 1;
        if (marks.some((mark) => mark.artifact)) continue;
        const mcid = marks.findLast((mark) => mark.mcid !== null)?.mcid;
        const element = mcid === undefined || mcid === null ? undefined : lookup(parents[mcid]);
        const isFigure = element instanceof PDFDict && lookup(element.get(PDFName.of('S')))?.toString() === '/Figure';
        if (!isFigure || !text(lookup(element.get(PDFName.of('Alt'))))) imagesWithoutAlt += 1;
      } else if (show && marks.length === 0) {
        untaggedTextRuns += 1;
      }
    }
    unbalancedMarks += marks.length;
  }

  return {
    pdfaPart: tag('pdfaid:part'),
    pdfaConformance: tag('pdfaid:conformance'),
    xmpWellFormed: xmp !== '' && !/&(?!(amp|lt|gt|quot|apos|#\d+);)/.test(xmp) && !/<(?![?/!a-zA-Z])/.test(xmp),
    outputIntents,
    lang: text(lookup(catalog.get(PDFName.of('Lang')))),
    displayDocTitle:
      preferences instanceof PDFDict && lookup(preferences.get(PDFName.of('DisplayDocTitle'))) === PDFBool.True,
    marked: markInfo instanceof PDFDict && lookup(markInfo.get(PDFName.of('Marked'))) === PDFBool.True,
    structure,
    figureAlts,
    imagesDrawn,
    imagesWithoutAlt,
    untaggedTextRuns,
    unbalancedMarks,
    unmappedMcids,
  };
}
