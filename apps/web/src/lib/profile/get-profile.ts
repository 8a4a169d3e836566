import { type Profile, profileEndpoints } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../api-client.ts';
import { useAuth } from '../auth/use-auth.ts';
import { basicProfile } from './basic-profile.ts';

/**
 * GET /api/profile. It lives in lib, not in features/profile, because the header, the sign-in
 * redirect and the certificate screens read it too; the profile's writes live in features/profile.
 */
export function fetchProfile(signal?: AbortSignal): Promise<Profile> {
  return call(profileEndpoints.get, {}, { signal });
}

/** Per user, so one person's profile is never shown to the next one signing in on this browser. */
export const profileQueryKey = (userId: string) => ['profile', userId] as const;

export const profileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: profileQueryKey(userId),
    queryFn: ({ signal }) => fetchProfile(signal),
    // PRODUCT.md, States carries on with a basic profile when loading fails; do not keep the user waiting.
    retry: 1,
  });

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
