import {
  accountMessages,
  authErrorCodes,
  authErrorMessages,
  errorCodes,
  isEmailAddress,
  rateLimits,
} from '@app/contract';
import type { Database } from '../../db/client.ts';
import { pdfCachePrefix } from '../../platform/documents/pdf-cache.ts';
import { entitlements } from '../../platform/entitlements/entitlements.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthenticatedCaller } from '../../platform/http/auth-context.ts';
import type { RequestMetadata } from '../../platform/http/request-metadata.ts';
import type { JobQueue, QueueSettings } from '../../platform/jobs/job-queue.ts';
import { emailLimited, limitSubject, type RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { filesRepo } from '../../platform/storage/files.repo.ts';
import { businessFilesPrefix, userFilesPrefix } from '../../platform/storage/stored-files.ts';
import { recordAccountEvent } from './account-events.ts';
import { authRepo, type UserRow } from './auth.repo.ts';
import { AUTH_EMAIL_QUEUE, type AuthEmailJob, mailPerEmailRule } from './auth-mail.ts';
import { verifyPassword } from './passwords.ts';
import type { RevokedSessions } from './revoked-sessions.ts';

/** The queue that removes a deleted business's files, after the rows are gone (ADRs 0020, 0077). */
export const ACCOUNT_FILES_QUEUE = 'account-files';
/**
 * The deleted account and the business deleted with it; `businessId` is absent from jobs queued
 * before businesses owned records, whose files were all under the account's own prefixes.
 */
export type AccountFilesJob = { userId: string; businessId?: string };
/** A storage hiccup is retried for about a day (backoff from 30 s), so no file is left behind. */
export const accountFilesQueueSettings: QueueSettings = { retryLimit: 12, retryDelaySeconds: 30, expireInSeconds: 600 };

export type AccountServiceOptions = {
  db: Database;
  jobs: JobQueue;
  rateLimiter: RateLimiter;
  revokedSessions: RevokedSessions;
  storage: FileStorage;
  /** Whether the user has a paid subscription that will renew (billing decides; ADR 0020). */
  hasRenewingSubscription: (userId: string) => Promise<boolean>;
};

/** The signed-in user's own account: changing its email address, deleting it (PRODUCT.md, Account; ADR 0020). */
export class AccountService {
  constructor(private readonly options: AccountServiceOptions) {}

  private get db() {
    return this.options.db;
  }

  /**
   * Mails a link to the new address (the change happens only when it is opened) and a notice to the
   * current one. The password comes first, so whether an address is taken is told only to the owner
   * of a signed-in account who knows its password, and no more than sign-up tells anyone.
   */
  async requestEmailChange(
    caller: AuthenticatedCaller,
    input: { new_email: string; current_password: string },
  ): Promise<{ new_email: string }> {
    await this.options.rateLimiter.enforce(rateLimits.emailChangePerUser, limitSubject.user(caller.userId));
    const newEmail = input.new_email;
    if (!isEmailAddress(newEmail)) throw new AppError(400, authErrorCodes.invalidEmail, 'Invalid email address format');
    const user = await this.userWithPassword(caller, input.current_password);
    if (newEmail === user.email) throw new AppError(400, errorCodes.validationFailed, accountMessages.sameEmail);
    if (await authRepo.isEmailTaken(this.db, newEmail)) {
      throw new AppError(422, authErrorCodes.userAlreadyExists, 'User already registered');
    }
    await this.options.rateLimiter.enforce(
      mailPerEmailRule('email_change'),
      limitSubject.email(newEmail),
      emailLimited,
    );
    await this.db.transaction(async (tx) => {
      // Only the newest request's link works.
      await authRepo.retireEmailLinks(tx, user.id, 'email_change');
      await this.options.jobs.enqueue<AuthEmailJob>(tx, AUTH_EMAIL_QUEUE, {
        userId: user.id,
        type: 'email_change',
        newEmail,
      });
      await this.options.jobs.enqueue<AuthEmailJob>(tx, AUTH_EMAIL_QUEUE, {
        userId: user.id,
        notice: 'email_change_requested',
        newEmail,
      });
    });
    this.options.jobs.wake(AUTH_EMAIL_QUEUE);
    return { new_email: newEmail };
  }

  /**
   * Deletes the account (the Privacy Act's deletion right). One transaction records the audit event,
   * ends every session, deletes the user (every row that references it cascades) with its business
   * when nobody else works in it, and then queues the removal of the business's files; storage is
   * only touched by that job, after the commit. A member's account leaves every file to the business.
   */
  async deleteAccount(
    caller: AuthenticatedCaller,
    input: { current_password: string },
    origin: RequestMetadata,
  ): Promise<void> {
    await this.options.rateLimiter.enforce(rateLimits.accountDeletionPerUser, limitSubject.user(caller.userId));
    const user = await this.userWithPassword(caller, input.current_password);
    if (await this.options.hasRenewingSubscription(user.id)) {
      throw new AppError(409, errorCodes.conflict, accountMessages.subscriptionStillActive);
    }
    const revoked = await this.db.transaction(async (tx) => {
      await recordAccountEvent(tx, 'account.deleted', user.id, origin);
      const sessions = await authRepo.revokeUserSessions(tx, user.id);
      await entitlements.forgetUser(tx, user.id);
      const businessId = await authRepo.deleteUser(tx, user.id);
      if (businessId) {
        await this.options.jobs.enqueue<AccountFilesJob>(tx, ACCOUNT_FILES_QUEUE, { userId: user.id, businessId });
      }
      return sessions;
    });
    this.options.revokedSessions.add(revoked);
    this.options.jobs.wake(ACCOUNT_FILES_QUEUE);
  }

  /**
   * The queue's worker: every upload and cached PDF of the deleted business, under its own prefixes
   * and under its owner's from before businesses owned records (ADR 0077); a folder that a file row
   * still names (files a joiner brought into another business keep their keys, ADR 0089) is kept.
   * Removing nothing is fine, so retries are safe.
   */
  async removeFiles(job: AccountFilesJob): Promise<void> {
    const owners = job.businessId ? [job.userId, job.businessId] : [job.userId];
    const folders = [userFilesPrefix(job.userId), ...(job.businessId ? [businessFilesPrefix(job.businessId)] : [])];
    const unnamed = await filesRepo.foldersNamedByNoFile(this.db, folders);
    await Promise.all([
      ...unnamed.map((folder) => this.options.storage.removeAll(folder)),
      ...owners.map((id) => this.options.storage.removeAll(pdfCachePrefix(id))),
    ]);
  }

  /** The caller's account, once `password` is proved to be its current password. */
  private async userWithPassword(caller: AuthenticatedCaller, password: string): Promise<UserRow> {
    const user = await authRepo.findUserById(this.db, caller.userId);
    if (!user) throw new AppError(401, authErrorCodes.noSession, authErrorMessages.noSession);
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, password))) {
      throw new AppError(400, authErrorCodes.currentPasswordIncorrect, authErrorMessages.currentPasswordIncorrect);
    }
    return user;
  }
}
