import { type AuthUser, DEFAULT_TIME_ZONE, type Profile } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { useAuth } from '../auth/use-auth.ts';

/** Per user, so one person's profile is never shown to the next one signing in on this browser. */
export const profileQueryKey = (userId: string) => ['profile', userId] as const;

export const profileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: profileQueryKey(userId),
    queryFn: ({ signal }) => apiRequest<Profile>('/api/profile', { signal }),
    // SPEC §4 carries on with a basic profile when loading fails; do not keep the user waiting.
    retry: 1,
  });

/** SPEC §4: what the app works with when the profile cannot be loaded: free tier, nothing filled in. */
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

/** The signed-in user (undefined when signed out) and the query for their profile. */
export function useProfileQuery() {
  const auth = useAuth();
  const user = auth.status === 'signed-in' ? auth.session.user : undefined;
  const query = useQuery({ ...profileQueryOptions(user?.id ?? ''), enabled: user !== undefined });
  return { user, query };
}

/**
 * The signed-in user's profile: undefined while it first loads or when signed out, the basic
 * free-tier profile if it could not be loaded.
 */
export function useProfile(): Profile | undefined {
  const { user, query } = useProfileQuery();
  if (!user) return undefined;
  return query.data ?? (query.isError ? basicProfile(user) : undefined);
}
