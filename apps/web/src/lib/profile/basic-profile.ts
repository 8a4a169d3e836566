import { type AuthUser, DEFAULT_TIME_ZONE, type Profile } from '@app/contract';

/** PRODUCT.md, States: what the app works with when the profile cannot be loaded: free tier, nothing filled in. */
export function basicProfile(user: Pick<AuthUser, 'id' | 'email' | 'created_at'>): Profile {
  return {
    id: user.id,
    email: user.email,
    company_name: null,
    company_address: null,
    company_email: null,
    company_phone: null,
    company_abn: null,
    licence_number: null,
    signature_url: null,
    logo_url: null,
    common_materials: [],
    applicator_name: null,
    onboarding_completed: false,
    time_zone: DEFAULT_TIME_ZONE,
    created_at: user.created_at,
    subscription_tier: 'free',
    subscription_end_date: null,
  };
}
