import { documentKindDeclarations, type KernelHeadTableKind, kernelHeadTableKinds } from '@app/contract';
import type {
  SignableDocument,
  SignableDocumentSource,
  SignableVersion,
} from '../../platform/documents/signable-source.ts';
import type { VerifiableKind } from '../../platform/documents/verifiable-kind.ts';
import type { SwmsService } from './swms.service.ts';

const signable = ({ current: _current, ...document }: SignableVersion): SignableDocument => document;

function safetyDocumentSource(swms: SwmsService, kind: KernelHeadTableKind): SignableDocumentSource {
  const documents = swms.ofKind(kind);
  return {
    kind,
    crewSignOn: documentKindDeclarations[kind].crewSignOn,
    ownerPath: documents.documents.rules.ownerPath,
    async currentForOwner(_db, businessId, documentId) {
      const found = await documents.signingVersionForOwner(businessId, documentId);
      return found ? signable(found) : null;
    },
    async version(_db, documentId, version) {
      const found = await documents.signingVersion(documentId, version);
      return found ? signable(found) : null;
    },
    async lockedVersion(tx, documentId, version) {
      const found = await documents.signingVersion(documentId, version, tx);
      return found ? { ...signable(found), current: found.current } : null;
    },
    issued(tx, document, by) {
      return documents.documents.issueByAct(tx, document.id, document.version, by);
    },
    async signerView(_db, document) {
      return (await documents.signingView(document.id, document.version, document.fingerprint)) ?? null;
    },
    async pdf(_db, document, register) {
      const pdf = await documents.signingPdf(document.id, document.version, { register });
      if (!pdf) throw new Error(`${kind} ${document.id} v${document.version} is gone`);
      return pdf;
    },
    async signedPdf(_db, document, register, signatureCertificate) {
      const pdf = await documents.signingPdf(document.id, document.version, { register, signatureCertificate });
      if (!pdf) throw new Error(`${kind} ${document.id} v${document.version} is gone`);
      return pdf;
    },
  };
}

/**
 * SWMS and cover sheets, for signing by link (ADR 0017): a version can be sent once it is ready
 * and is not a template. A SWMS is signed on by the crew at the site too, and its PDF prints the
 * sign-on register; a cover sheet is signed by the people it names, by link only.
 */
export const swmsSigningSources = (swms: SwmsService): SignableDocumentSource[] =>
  kernelHeadTableKinds.map((kind) => {
    const source = safetyDocumentSource(swms, kind);
    if (!source.crewSignOn) return source;
    return {
      ...source,
      async siteBoardPdf(document, crewUrl) {
        const pdf = await swms.siteBoardPdf(document.id, document.version, crewUrl);
        if (!pdf) throw new Error(`${kind} ${document.id} v${document.version} is gone`);
        return pdf;
      },
    };
  });

/** SWMS and cover sheets, for the public verification page (each printed version's QR code). */
export const swmsVerifiableKinds = (swms: SwmsService): VerifiableKind[] =>
  kernelHeadTableKinds.map((kind) => ({
    kind,
    verify: (id, version) => swms.ofKind(kind).verify(id, version),
  }));
