import {
  DEFAULT_TIME_ZONE,
  type DocumentKindDeclaration,
  type KernelHeadTableKind,
  type MissingField,
  monthKey,
  newVersionUnconfirmedMessage,
  swmsMessages,
} from '@app/contract';
import type { Database, Queryable } from '../../db/client.ts';
import { businessOf } from '../accounts/business.ts';
import { assertBusinessCanIssue } from '../accounts/issuer.ts';
import type { RecordOwner } from '../accounts/memberships.ts';
import { AppError } from '../errors.ts';
import { documentFingerprint, type JsonValue } from './fingerprint.ts';
import { type KernelDocumentRow, type KernelVersionRow, kernelDocumentsRepo } from './kernel-documents.repo.ts';
import { freezeLetterhead } from './letterheads.ts';
import { amendIntoNextVersion, assertVersionAllowed, deleteOrWithdraw, issueVersion } from './lifecycle-steps.ts';
import { numberDocument } from './number-sequences.ts';
import { versionIsIssued } from './signatures.ts';
import { versionSignatures } from './versions.ts';

/** What differs between the kinds that share versioning: their body and rules (the rest is declared in the contract). */
export type KernelKindRules<Body extends { readonly [name: string]: JsonValue }> = {
  kind: KernelHeadTableKind;
  /** The kind's declaration (the contract's kinds.ts for ours): its number prefix among the rest. */
  declaration: DocumentKindDeclaration;
  /** The body's fields in their fingerprint order (the schema's order; never reorder, ADR 0010). */
  fieldOrder: readonly (keyof Body & string)[];
  /** A stored body read back (jsonb does not keep key order; old rows may lack a newer field). */
  parse: (stored: unknown) => Body;
  missing: (body: Body) => MissingField[];
  messages: { notFound: string; stale: string };
  /**
   * The kind's issue hook, called by the kernel's issue step in the transaction that first marks a
   * version issued, whichever act did (its owner's print, a cover sheet printed with its SWMS, a
   * send, a site or crew sign-on, a copy sent), `issuedBy` the member behind that act: the audit
   * trail; a SWMS tells integrators (ADRs 0090, 0055, 0099). Once per version.
   */
  issued?: (tx: Queryable, found: CurrentDocument<Body>, issuedBy: RecordOwner) => Promise<void>;
  /** Called in the delete's transaction, once the document is deleted or (signed) withdrawn by `owner`. */
  removed?: (tx: Queryable, found: CurrentDocument<Body>, owner: RecordOwner, withdrawn: boolean) => Promise<void>;
  /** The owner's page of a document, where signing links its owner back to. */
  ownerPath: (documentId: string) => string;
};

/** A document as the current version stands. */
export type CurrentDocument<Body> = { document: KernelDocumentRow; version: KernelVersionRow; body: Body };

/** A draft (the current version, not ready) has no record to check yet: it prints without a QR code. */
export const printsAsDraft = ({ document, version }: CurrentDocument<unknown>) =>
  version.version === document.currentVersion && !document.ready;

/**
 * Numbering, autosave with optimistic concurrency, and versions that are never rewritten once
 * signed (ADR 0016), for every kernel kind. Every owner-side read is scoped by business (ADR 0077).
 */
export class VersionedDocuments<Body extends { readonly [name: string]: JsonValue }> {
  constructor(
    private readonly db: Database,
    readonly rules: KernelKindRules<Body>,
    private readonly now: () => Date,
  ) {}

  readonly errors = {
    notFound: () => new AppError(404, 'not_found', this.rules.messages.notFound),
    stale: () => new AppError(409, 'conflict', this.rules.messages.stale),
  };

  /** SHA-256 of the number, the version and the body: every version has its own fingerprint. */
  fingerprint(number: string, version: number, body: Body): string {
    const fields: Record<string, JsonValue> = { number, version };
    for (const name of this.rules.fieldOrder) fields[name] = body[name] ?? null;
    return documentFingerprint(fields);
  }

  /** Makes `owner.businessId`'s next document of the kind, `owner.userId` its maker. */
  async create(owner: RecordOwner, body: Body, options: { isTemplate?: boolean } = {}): Promise<CurrentDocument<Body>> {
    const business = await businessOf(this.db, owner.businessId);
    const year = Number(monthKey(this.now(), business?.timeZone ?? DEFAULT_TIME_ZONE).slice(0, 4));
    const { numberPrefix } = this.rules.declaration;
    return this.db.transaction(async (tx) => {
      const number = await numberDocument(tx, owner.businessId, this.rules.kind, numberPrefix, year);
      const fingerprint = this.fingerprint(number, 1, body);
      const document = await kernelDocumentsRepo.insert(
        tx,
        {
          businessId: owner.businessId,
          userId: owner.userId,
          kind: this.rules.kind,
          number,
          isTemplate: options.isTemplate ?? false,
          ready: this.rules.missing(body).length === 0,
        },
        { body, fingerprint },
      );
      const version = await kernelDocumentsRepo.version(tx, document.id, 1);
      if (!version) throw new Error('new version vanished');
      return { document, version, body };
    });
  }

  /**
   * Saves `body` over the current version while it is not issued, else as the next version
   * (voiding the open signing links of older ones), in one transaction. `revision` must be the
   * document's revision the edit was made from: a stale save is refused (409), never applied. The
   * next version is started only when `extra.newVersion` names it: the user agreed to it (ADR 0066).
   */
  async save(
    businessId: string,
    id: string,
    revision: number,
    body: Body,
    extra: { isTemplate?: boolean | undefined; newVersion?: number | undefined } = {},
  ): Promise<CurrentDocument<Body>> {
    return this.db.transaction(async (tx) => {
      const document = await kernelDocumentsRepo.findOwned(tx, businessId, this.rules.kind, id, { lock: true });
      if (!document) throw this.errors.notFound();
      if (revision > document.revision) throw this.errors.stale();
      const current = await this.versionRow(tx, document.id, document.currentVersion);
      const isTemplate = extra.isTemplate ?? document.isTemplate;
      const unchanged =
        this.fingerprint(document.number, document.currentVersion, body) === current.fingerprint &&
        isTemplate === document.isTemplate;
      // From an older revision, only a save the document already holds is answered (one sent again
      // after its answer was lost, ADR 0036); anything else would overwrite a newer save.
      if (unchanged) return { document, version: current, body };
      if (document.revision !== revision) throw this.errors.stale();

      // Printed, sent or signed, the version is issued: the edit becomes the next version.
      const issued = await this.isIssued({ document, version: current }, tx);
      const nextVersion = issued ? document.currentVersion + 1 : document.currentVersion;
      assertVersionAllowed(nextVersion);
      if (issued && extra.newVersion !== nextVersion) {
        throw new AppError(409, 'new_version_unconfirmed', newVersionUnconfirmedMessage(nextVersion));
      }
      const values = { body, fingerprint: this.fingerprint(document.number, nextVersion, body) };
      if (issued) {
        await amendIntoNextVersion(tx, { kind: this.rules.kind, documentId: document.id, version: nextVersion }, () =>
          kernelDocumentsRepo.insertVersion(tx, document, nextVersion, values),
        );
      } else {
        await kernelDocumentsRepo.rewriteVersion(tx, document.id, nextVersion, values);
      }
      const updated = await kernelDocumentsRepo.update(tx, document.id, {
        currentVersion: nextVersion,
        revision: document.revision + 1,
        ready: this.rules.missing(body).length === 0,
        isTemplate,
      });
      return { document: updated, version: await this.versionRow(tx, document.id, nextVersion), body };
    });
  }

  /**
   * Discards the version being drafted (current, not issued, not the first): the document goes back
   * to the version before it, unchanged (ADR 0066). Links voided when the draft was started stay
   * voided: the owner sends the old version again if it is still wanted.
   */
  async discardDraft(businessId: string, id: string, revision: number): Promise<CurrentDocument<Body>> {
    return this.db.transaction(async (tx) => {
      const document = await kernelDocumentsRepo.findOwned(tx, businessId, this.rules.kind, id, { lock: true });
      if (!document) throw this.errors.notFound();
      if (document.revision !== revision) throw this.errors.stale();
      const draft = await this.versionRow(tx, document.id, document.currentVersion);
      if (document.currentVersion === 1 || (await this.isIssued({ document, version: draft }, tx))) {
        throw new AppError(409, 'conflict', swmsMessages.noDraftToDiscard);
      }
      const previous = await this.versionRow(tx, document.id, document.currentVersion - 1);
      const body = this.rules.parse(previous.body);
      await kernelDocumentsRepo.deleteVersion(tx, document.id, draft.version);
      const updated = await kernelDocumentsRepo.update(tx, document.id, {
        currentVersion: previous.version,
        revision: document.revision + 1,
        ready: this.rules.missing(body).length === 0,
      });
      return { document: updated, version: previous, body };
    });
  }

  /**
   * Deletes a document nobody has signed. One somebody signed is a record to keep: it is withdrawn
   * instead (it leaves the lists; its versions and signatures stay, and verification says so).
   */
  async delete(owner: RecordOwner, id: string): Promise<CurrentDocument<Body> & { withdrawn: boolean }> {
    return this.db.transaction(async (tx) => {
      const document = await kernelDocumentsRepo.findOwned(tx, owner.businessId, this.rules.kind, id, { lock: true });
      if (!document) throw this.errors.notFound();
      const current = await this.current(tx, document);
      const withdrawn = await deleteOrWithdraw(tx, kernelDocumentsRepo, this.rules.kind, owner, document.id);
      await this.rules.removed?.(tx, current, owner, withdrawn);
      return { ...current, withdrawn };
    });
  }

  /** The business's document with its current version; 404 for another business's or an unknown id. */
  async owned(businessId: string, id: string): Promise<CurrentDocument<Body>> {
    const document = await kernelDocumentsRepo.findOwned(this.db, businessId, this.rules.kind, id);
    if (!document) throw this.errors.notFound();
    return this.current(this.db, document);
  }

  /** One version of a document, or undefined; `businessId` undefined skips the owner check (token holders). */
  async versionOf(businessId: string | undefined, id: string, version: number) {
    const document =
      businessId === undefined
        ? await kernelDocumentsRepo.find(this.db, this.rules.kind, id)
        : await kernelDocumentsRepo.findOwned(this.db, businessId, this.rules.kind, id);
    return document && this.versionRowOf(this.db, document, version);
  }

  /**
   * One version as it stands inside `tx`, holding the document's row lock, the lock every save
   * takes first: a signature recorded in `tx` and an edit of the same version cannot interleave.
   */
  async lockedVersionOf(tx: Queryable, id: string, version: number) {
    const document = await kernelDocumentsRepo.find(tx, this.rules.kind, id, { lock: true });
    return document && this.versionRowOf(tx, document, version);
  }

  private async versionRowOf(db: Queryable, document: KernelDocumentRow, version: number) {
    const row = await kernelDocumentsRepo.version(db, document.id, version);
    return row && { document, version: row, body: this.rules.parse(row.body) };
  }

  /**
   * The owner's version to print (the current one when `version` is left out; undefined when there
   * is no such version), read under the lock every save takes. One that carries a QR code is issued
   * in the same transaction: a save racing the print makes the next version instead of rewriting
   * what goes on paper. A draft (current, not ready) prints without one and stays a draft.
   */
  async printable(owner: RecordOwner, id: string, version: number | undefined) {
    return this.db.transaction(async (tx) => {
      const document = await kernelDocumentsRepo.findOwned(tx, owner.businessId, this.rules.kind, id, { lock: true });
      if (!document) throw this.errors.notFound();
      const found = await this.versionRowOf(tx, document, version ?? document.currentVersion);
      if (!found || printsAsDraft(found) || found.version.issuedAt) return found;
      // Its first issue names who stands behind it (ADR 0065); one sent or signed was issued then.
      if (!(await this.isIssued(found, tx))) await assertBusinessCanIssue(tx, owner.userId);
      await this.issue(tx, found, owner);
      // Read again: it prints the letterhead it was just issued with.
      return this.versionRowOf(tx, document, found.version.version);
    });
  }

  /**
   * Issues a version by an act other than its owner's print, in `tx`: sent for signing, its site
   * sign-on opened or a crew sign-on on it, a copy sent, or (a cover sheet) printed in front of its
   * SWMS; `by` is the member behind the act. Nothing more happens to a version issued already.
   */
  async issueByAct(tx: Queryable, id: string, version: number, by: RecordOwner): Promise<void> {
    const document = await kernelDocumentsRepo.find(tx, this.rules.kind, id);
    const found = document && (await this.versionRowOf(tx, document, version));
    if (found) await this.issue(tx, found, by);
  }

  /**
   * The kernel's issue step (`issueVersion`) for a version of this kind, in `tx`: it marks the
   * version issued, then freezes the letterhead it prints (ADR 0088) and, the one time it is
   * marked, calls the kind's `issued` hook (ADR 0099).
   */
  private issue(tx: Queryable, found: CurrentDocument<Body>, by: RecordOwner): Promise<boolean> {
    const { document, version } = found;
    const issuing = {
      kind: document.kind,
      documentId: document.id,
      businessId: document.businessId,
      userId: document.userId,
      version: version.version,
      body: version.body,
      fingerprint: version.fingerprint,
    };
    return issueVersion(tx, issuing, async (issuingTx, _version, first) => {
      await freezeLetterhead(issuingTx, document, version.version);
      if (first) await this.rules.issued?.(issuingTx, found, by);
    });
  }

  /** Whether the version has left its owner (printed, sent or signed): then it is never rewritten. */
  isIssued({ document, version }: Omit<CurrentDocument<Body>, 'body'>, db: Queryable = this.db): Promise<boolean> {
    return versionIsIssued(db, { kind: this.rules.kind, documentId: document.id, version: version.version });
  }

  history(documentId: string) {
    return kernelDocumentsRepo.history(this.db, this.rules.kind, documentId);
  }

  signatures(documentId: string, version: number) {
    return versionSignatures(this.db, { kind: this.rules.kind, documentId, version });
  }

  private async current(db: Queryable, document: KernelDocumentRow): Promise<CurrentDocument<Body>> {
    const version = await this.versionRow(db, document.id, document.currentVersion);
    return { document, version, body: this.rules.parse(version.body) };
  }

  private async versionRow(db: Queryable, documentId: string, version: number) {
    const row = await kernelDocumentsRepo.version(db, documentId, version);
    if (!row) throw new Error(`version ${version} of ${documentId} is missing`);
    return row;
  }
}
