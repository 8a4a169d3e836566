import { DocumentSends } from './document-sends.ts';
import { OwnerSigning } from './owner-signing.ts';
import { SignerSigning } from './signer-signing.ts';
import { SigningCore, type SigningOptions } from './signing-core.ts';
import { SigningJobs } from './signing-jobs.ts';

/**
 * Signing by link (PRODUCT.md, Signing; ADR 0017), in its parts: what owners do, what signers do
 * with their token, and the queued work.
 */
export class SigningService {
  readonly owner: OwnerSigning;
  readonly signer: SignerSigning;
  readonly jobs: SigningJobs;
  /** Sending a document to a builder (ADR 0042). */
  readonly sends: DocumentSends;

  constructor(options: SigningOptions) {
    const core = new SigningCore(options);
    this.owner = new OwnerSigning(core);
    this.signer = new SignerSigning(core);
    this.sends = new DocumentSends(core);
    this.jobs = new SigningJobs(core, this.sends);
  }
}
