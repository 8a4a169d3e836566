import {
  authErrorCodes,
  authErrorMessages,
  isValidTimeZone,
  type Profile,
  type ProfileImageKind,
  type profileUpdateRequestSchema,
} from '@app/contract';
import type { z } from 'zod/mini';
import type { Database } from '../../db/client.ts';
import { businessOfMember } from '../../platform/accounts/business.ts';
import { type Entitlement, entitlements } from '../../platform/entitlements/entitlements.ts';
import { AppError } from '../../platform/errors.ts';
import { type AuthenticatedCaller, assertMay } from '../../platform/http/auth-context.ts';
import type { StoredFiles } from '../../platform/storage/stored-files.ts';
import { isCompanyColumn, type ProfileRow, type ProfileValues, profileRepo } from './profile.repo.ts';

export type ProfileUpdate = z.output<typeof profileUpdateRequestSchema>;

const imageColumn = { logo: 'logoFileId', signature: 'signatureFileId' } as const satisfies Record<
  ProfileImageKind,
  keyof ProfileRow
>;

/** The company profile: always the caller's own (the user id comes from the session, never the request). */
export class ProfileService {
  constructor(
    private readonly db: Database,
    private readonly storedFiles: StoredFiles,
    private readonly now: () => Date,
  ) {}

  /** The caller's profile; a missing one is created with onboarding not done and no materials (PRODUCT.md, States). */
  async getOwnProfile(caller: AuthenticatedCaller): Promise<Profile> {
    return this.present(caller, await this.ensureProfile(caller));
  }

  /** Changes only the fields sent (PRODUCT.md, Accounts and sessions's rule for certificates applies to profiles too). */
  async updateOwnProfile(caller: AuthenticatedCaller, update: ProfileUpdate): Promise<Profile> {
    if (update.time_zone !== undefined && !isValidTimeZone(update.time_zone)) {
      throw new AppError(400, 'validation_failed', 'Choose a time zone from the list, e.g. Australia/Sydney.', [
        { path: 'time_zone', message: 'Unknown time zone.' },
      ]);
    }
    const current = await this.ensureProfile(caller);
    const values: ProfileValues = {
      companyName: emptyToNull(update.company_name),
      companyAddress: emptyToNull(update.company_address),
      companyEmail: emptyToNull(update.company_email),
      companyPhone: emptyToNull(update.company_phone),
      companyAbn: emptyToNull(update.company_abn),
      licenceNumber: emptyToNull(update.licence_number),
      applicatorName: emptyToNull(update.applicator_name),
      commonMaterials: update.common_materials,
      timeZone: update.time_zone,
      onboardingCompleted: update.onboarding_completed,
    };
    assertMayChangeCompany(caller, current, values);
    return this.present(caller, await profileRepo.updateProfile(this.db, caller, values));
  }

  /** Stores a new logo or signature image, then drops the one it replaces. */
  async replaceImage(caller: AuthenticatedCaller, kind: ProfileImageKind, upload: Buffer): Promise<Profile> {
    assertMayChangeImage(caller, kind);
    const previous = await this.ensureProfile(caller);
    const file = await this.storedFiles.saveImage(caller, kind, upload);
    const updated = await profileRepo.updateProfile(this.db, caller, {
      [imageColumn[kind]]: file.id,
    });
    await this.removeFile(caller, previous[imageColumn[kind]]);
    return this.present(caller, updated);
  }

  async removeImage(caller: AuthenticatedCaller, kind: ProfileImageKind): Promise<Profile> {
    assertMayChangeImage(caller, kind);
    const previous = await this.ensureProfile(caller);
    const updated = await profileRepo.updateProfile(this.db, caller, { [imageColumn[kind]]: null });
    await this.removeFile(caller, previous[imageColumn[kind]]);
    return this.present(caller, updated);
  }

  private async ensureProfile(caller: AuthenticatedCaller): Promise<ProfileRow> {
    const existing = await profileRepo.findProfile(this.db, caller);
    if (existing) return existing;
    const user = await businessOfMember(this.db, caller.userId);
    if (!user) throw new AppError(401, authErrorCodes.noSession, authErrorMessages.noSession);
    return profileRepo.createDefaultProfile(this.db, caller, user.email);
  }

  private async removeFile(caller: AuthenticatedCaller, fileId: string | null) {
    if (fileId) await this.storedFiles.removeOwnedUnlessReferenced(caller.businessId, fileId);
  }

  private async present(caller: AuthenticatedCaller, row: ProfileRow): Promise<Profile> {
    const entitlement = await entitlements.of(this.db, caller.businessId, this.now());
    return toProfile(row, entitlement, {
      logo: await this.storedFiles.signedUrl(row.logoFileId),
      signature: await this.storedFiles.signedUrl(row.signatureFileId),
    });
  }
}

/**
 * The company is the business's (ADR 0081): the owner edits it, the office only its common
 * materials; a member's name and signature are their own. A company field sent with the value it
 * has is no change (the profile form sends the whole page), so it needs no permission.
 */
function assertMayChangeCompany(caller: AuthenticatedCaller, current: ProfileRow, values: ProfileValues) {
  for (const [column, value] of Object.entries(values)) {
    if (value === undefined || !isCompanyColumn(column)) continue;
    if (JSON.stringify(value) === JSON.stringify(current[column])) continue;
    assertMay(caller, column === 'commonMaterials' ? 'company.materials' : 'company.edit');
  }
}

const assertMayChangeImage = (caller: AuthenticatedCaller, kind: ProfileImageKind) => {
  if (kind === 'logo') assertMay(caller, 'company.edit');
};

const emptyToNull = (value: string | null | undefined) => (value === '' ? null : value);

function toProfile(
  row: ProfileRow,
  entitlement: Entitlement,
  imageUrls: Record<ProfileImageKind, string | null>,
): Profile {
  return {
    id: row.id,
    email: row.email,
    company_name: row.companyName,
    company_address: row.companyAddress,
    company_email: row.companyEmail,
    company_phone: row.companyPhone,
    company_abn: row.companyAbn,
    licence_number: row.licenceNumber,
    signature_url: imageUrls.signature,
    logo_url: imageUrls.logo,
    common_materials: row.commonMaterials,
    applicator_name: row.applicatorName,
    onboarding_completed: row.onboardingCompleted,
    time_zone: row.timeZone,
    created_at: row.createdAt.toISOString(),
    subscription_tier: entitlement.premium ? 'premium' : 'free',
    subscription_end_date: entitlement.subscriptionEnd?.toISOString() ?? null,
  };
}
