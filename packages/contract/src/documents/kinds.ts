/**
 * Every document kind, declared once (ADR 0070): the server's kind lists and types, the audit
 * subjects and the signing and verification pages all derive from this table.
 * Adding a kind is adding an entry here and plugging the kind into the documents kernel.
 */
/** What a kind is, beside its rules: what its pages, numbers, signing and verification need to know. */
export interface DocumentKindDeclaration {
  /** Its name on pages and in mails, and when it can no longer be read. */
  readonly name: string;
  /** Its name as a heading word ("Certificate WPC-2026-0001"). */
  readonly shortName: string;
  /** Its name inside a sentence ("Verify a certificate"). */
  readonly nameInSentence: string;
  /** Its numbers read WPC-2026-0001: prefix, year, sequence per owner and year. */
  readonly numberPrefix: string;
  readonly signable: boolean;
  /** Whether a crew signs on at the site through a QR code, beside signers invited by email. */
  readonly crewSignOn: boolean;
  /** Whether its head row is the kernel's (safety_documents) rather than a table of its own. */
  readonly kernelHeadTable: boolean;
}

const declarations = {
  certificate: {
    name: 'Certificate of compliance',
    shortName: 'Certificate',
    nameInSentence: 'certificate',
    numberPrefix: 'WPC',
    signable: true,
    crewSignOn: false,
    kernelHeadTable: false,
  },
  swms: {
    name: 'SWMS',
    shortName: 'SWMS',
    nameInSentence: 'SWMS',
    numberPrefix: 'SWMS',
    signable: true,
    crewSignOn: true,
    kernelHeadTable: true,
  },
  cover_sheet: {
    name: 'SWMS cover sheet',
    shortName: 'SWMS cover sheet',
    nameInSentence: 'SWMS cover sheet',
    numberPrefix: 'CS',
    signable: true,
    crewSignOn: false,
    kernelHeadTable: true,
  },
} as const satisfies Record<string, DocumentKindDeclaration>;

export type DocumentKind = keyof typeof declarations;

/** Every kind's declaration, by kind. */
export const documentKindDeclarations: Readonly<Record<DocumentKind, DocumentKindDeclaration>> = declarations;

type KindsWhere<Flag extends 'signable' | 'kernelHeadTable'> = {
  [Kind in DocumentKind]: (typeof declarations)[Kind][Flag] extends true ? Kind : never;
}[DocumentKind];

const kindsWhere = <Flag extends 'signable' | 'kernelHeadTable'>(flag: Flag) =>
  (Object.keys(declarations) as DocumentKind[]).filter((kind) => declarations[kind][flag]) as [
    KindsWhere<Flag>,
    ...KindsWhere<Flag>[],
  ];

/** Every kind, in declaration order. */
export const documentKinds = Object.keys(declarations) as [DocumentKind, ...DocumentKind[]];

/** The kinds a signature request can point at, and the public check answers for. */
export const signableDocumentKinds = kindsWhere('signable');
export type SignableDocumentKind = KindsWhere<'signable'>;

/** The kinds whose head row is the kernel's own (numbering, revision, withdrawal): SWMS work. */
export const kernelHeadTableKinds = kindsWhere('kernelHeadTable');
export type KernelHeadTableKind = KindsWhere<'kernelHeadTable'>;

/** The public page a version's QR code opens: /verify/:kind/:id/:version, the same for every kind. */
export const documentVerifyPath = (kind: DocumentKind, documentId: string, version: number) =>
  `/verify/${kind}/${documentId}/${version}`;
