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

  constructor(options: SigningOptions) {
    const core = new SigningCore(options);
    this.owner = new OwnerSigning(core);
    this.signer = new SignerSigning(core);
    this.jobs = new SigningJobs(core);
  }
}
