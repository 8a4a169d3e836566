/*
 * The structure tree of a tagged PDF (ADR 0051): what a screen reader reads, in reading
 * order. createPdf starts it with a `Document` element; the shared primitives put their content in
 * elements (`group` for a table, a row, a list; `tagged` for a heading, a paragraph, a cell, a
 * figure with its alternative text) and draw decorations as artifacts (`artifact`,
 * `beginArtifact`). Any text drawn outside an element becomes a paragraph of the element being
 * drawn, and a list an `L` of `LI`s (each bullet and text its `LBody`), so no layout can leave text
 * out of the tree.
 */

/** pdfkit's document (document.ts's `Doc`, which imports this module). */
type Doc = PDFKit.PDFDocument;
type Element = PDFKit.PDFStructureElement;
type Content = PDFKit.PDFStructureContent;
type Marking = { tag: string; structContent?: Content };
type MarkedPage = { markings: Marking[] };

/** Elements that hold other elements. */
type GroupType = 'Table' | 'TR' | 'TD' | 'L' | 'LI';
/** Elements whose content is drawn at once: one marked-content sequence, carried over a page break. */
type LeafType = 'H1' | 'H2' | 'H3' | 'P' | 'TH' | 'TD' | 'LBody' | 'Figure';
type LeafOptions = {
  /** What a figure shows, for those who cannot see it (required of every image). */
  alt?: string;
  /** A header cell's scope. */
  scope?: 'Column' | 'Row';
  /** The figure's box on the page: [left, top, right, bottom] in page points from the top left. */
  bbox?: [number, number, number, number];
};

type Leaf = { element: Element; content: Content; type: LeafType };
type Tagging = {
  /** The element new content goes into: the document, or the group being drawn. */
  parents: Element[];
  /** The element being drawn into, if any: nothing nests in it. */
  leaf: Leaf | null;
  /** The paragraph of loose text still open because its last run was drawn with `continued: true`. */
  paragraph: Leaf | null;
  /** Drawing an artifact: nothing drawn is tagged. */
  inArtifact: boolean;
};

const taggings = new WeakMap<Doc, Tagging>();

const taggingOf = (doc: Doc): Tagging => {
  const tagging = taggings.get(doc);
  if (!tagging) throw new Error('The document has no structure tree (createPdf starts it)');
  return tagging;
};
const parentOf = (tagging: Tagging) => tagging.parents[tagging.parents.length - 1] as Element;
const markedPage = (doc: Doc) => doc.page as unknown as MarkedPage;

/** Starts the structure tree of a document created with `tagged: true` (createPdf does). */
export function startStructure(doc: Doc): void {
  const root = doc.struct('Document');
  doc.addStructure(root);
  taggings.set(doc, { parents: [root], leaf: null, paragraph: null, inArtifact: false });
  tagTextByDefault(doc);
}

/** Content drawn by `draw` goes into a new `type` element, under the element being drawn. */
export function group(doc: Doc, type: GroupType, draw: () => void): void {
  const tagging = taggingOf(doc);
  if (tagging.leaf || tagging.inArtifact) {
    draw();
    return;
  }
  const element = doc.struct(type);
  parentOf(tagging).add(element);
  tagging.parents.push(element);
  try {
    draw();
  } finally {
    tagging.parents.pop();
    element.end();
  }
}

/**
 * What `draw` puts on the page is one `type` element: a heading, a paragraph, a cell, a figure.
 * Inside another leaf it is simply drawn (that leaf holds it).
 */
export function tagged(doc: Doc, type: LeafType, draw: () => void, options: LeafOptions = {}): void {
  const tagging = taggingOf(doc);
  if (tagging.leaf || tagging.inArtifact) {
    draw();
    return;
  }
  const leaf = beginLeaf(doc, tagging, type, options);
  try {
    draw();
  } finally {
    endLeaf(doc, tagging, leaf);
  }
}

/**
 * What `draw` puts on the page is not content: a rule, a fill, a frame. Inside a leaf it is simply
 * drawn, as a marked-content sequence cannot nest in another.
 */
export function artifact(doc: Doc, draw: () => void): void {
  const end = beginArtifact(doc, 'Layout');
  try {
    draw();
  } finally {
    end();
  }
}

/**
 * Starts an artifact on the current page (e.g. the footer and watermark, `Pagination`), and returns
 * what ends it: loose text drawn until then stays out of the structure tree.
 */
export function beginArtifact(doc: Doc, type: 'Layout' | 'Pagination'): () => void {
  const tagging = taggingOf(doc);
  if (tagging.leaf || tagging.inArtifact) return () => {};
  doc.markContent('Artifact', { type });
  tagging.inArtifact = true;
  return () => {
    tagging.inArtifact = false;
    if (markedPage(doc).markings.length > 0) doc.endMarkedContent();
  };
}

const BIDI_ISOLATES = /[\u2066-\u2069]/g;

function beginLeaf(doc: Doc, tagging: Tagging, type: LeafType, options: LeafOptions): Leaf {
  // Bidi isolates (text-runs' `isolated`) order what is drawn; read aloud they are noise.
  const alt = options.alt?.replace(BIDI_ISOLATES, '');
  const element = doc.struct(type, {
    ...options,
    ...(alt !== undefined && { alt }),
  } as PDFKit.Mixins.StructureElementOptions);
  parentOf(tagging).add(element);
  const leaf = { element, content: doc.markStructureContent(type), type };
  tagging.leaf = leaf;
  return leaf;
}

function endLeaf(doc: Doc, tagging: Tagging, leaf: Leaf): void {
  // pdfkit carries the sequence over a page break (continueOnNewPage), so it ends on the current page.
  if (markedPage(doc).markings.length > 0) doc.endMarkedContent();
  // Added once drawn, so the parent tree maps the sequence on every page it reached.
  leaf.element.add(leaf.content);
  leaf.element.end();
  tagging.leaf = null;
}

type TextArguments = Parameters<Doc['text']>;
const optionsIn = (args: unknown[]) => {
  const last = args[args.length - 1];
  return typeof last === 'object' && last !== null ? (last as PDFKit.Mixins.TextOptions) : undefined;
};

/**
 * Text drawn outside any element becomes a paragraph of the element being drawn (a run drawn with
 * `continued: true` and the runs after it make one paragraph); a bulleted list becomes an `L` of
 * `LI`s.
 */
function tagTextByDefault(doc: Doc): void {
  const tagging = taggingOf(doc);
  const text = doc.text.bind(doc);
  const list = doc.list.bind(doc);
  doc.text = ((...args: TextArguments) => {
    if (tagging.inArtifact || (tagging.leaf && tagging.leaf !== tagging.paragraph)) return text(...args);
    const paragraph = tagging.paragraph ?? beginLeaf(doc, tagging, 'P', {});
    tagging.paragraph = null;
    try {
      text(...args);
    } finally {
      if (optionsIn(args)?.continued) tagging.paragraph = paragraph;
      else endLeaf(doc, tagging, paragraph);
    }
    return doc;
  }) as Doc['text'];
  doc.list = ((items: unknown[], ...rest: unknown[]) => {
    if (tagging.leaf || tagging.inArtifact) return list(items, ...(rest as []));
    const options = optionsIn(rest);
    if (items.some((item) => typeof item !== 'string') || (options?.listType ?? 'bullet') !== 'bullet') {
      throw new Error('Only flat bulleted lists are tagged (drawn an item at a time)');
    }
    // An item at a time, each its own leaf: pdfkit's own list tagging maps an item's text that
    // flows onto the next page nowhere in the structure tree.
    group(doc, 'L', () => {
      for (const item of items) {
        group(doc, 'LI', () => tagged(doc, 'LBody', () => list([item], ...(rest as []))));
      }
    });
    return doc;
  }) as Doc['list'];
}
