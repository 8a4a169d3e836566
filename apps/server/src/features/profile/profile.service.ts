import type { Profile } from '@app/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { AuthenticatedCaller } from '../../platform/http/auth-context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { type ProfileRow, profileRepo, type SubscriberRow } from './profile.repo.ts';

export class ProfileService {
  constructor(private readonly db: Database) {}

  /** The caller's profile; a missing one is created with onboarding not done and no materials (SPEC §4). */
  async getOwnProfile(caller: AuthenticatedCaller): Promise<Profile> {
    const [user] = await this.db.select({ email: users.email }).from(users).where(eq(users.id, caller.userId));
    if (!user) throw new AppError(401, 'no_session', 'No valid session - please log in again');
    const profile =
      (await profileRepo.findProfile(this.db, caller.userId)) ??
      (await profileRepo.createDefaultProfile(this.db, caller.userId, user.email));
    const subscriber = await profileRepo.findSubscriber(this.db, caller.userId, user.email);
    return toProfile(profile, subscriber);
  }
}

function toProfile(row: ProfileRow, subscriber: SubscriberRow | undefined): Profile {
  return {
    id: row.id,
    email: row.email,
    company_name: row.companyName,
    company_address: row.companyAddress,
    company_email: row.companyEmail,
    company_phone: row.companyPhone,
    company_abn: row.companyAbn,
    licence_number: row.licenceNumber,
    signature_url: row.signatureUrl,
    logo_url: row.logoUrl,
    common_materials: row.commonMaterials,
    applicator_name: row.applicatorName,
    onboarding_completed: row.onboardingCompleted,
    time_zone: row.timeZone,
    created_at: row.createdAt.toISOString(),
    // SPEC §4: premium only when the subscriber record is marked subscribed.
    subscription_tier: subscriber?.subscribed ? 'premium' : 'free',
    subscription_end_date: subscriber?.subscriptionEnd?.toISOString() ?? null,
  };
}
