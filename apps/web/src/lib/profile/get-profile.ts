import { type Profile, profileEndpoints, profileSchema } from '@app/contract';
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

/**
 * The last profile the server sent, kept on this phone per user (cleared on sign-out like every
 * `…:<user id>` key), so forms that start from it open with no connection (issue 23).
 */
const profileCopyKey = (userId: string) => `profile-copy:${userId}`;

function readProfileCopy(userId: string): Profile | undefined {
  try {
    const raw = localStorage.getItem(profileCopyKey(userId));
    const parsed = raw === null ? undefined : profileSchema.safeParse(JSON.parse(raw));
    return parsed?.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function keepProfileCopy(profile: Profile) {
  try {
    localStorage.setItem(profileCopyKey(profile.id), JSON.stringify(profile));
  } catch {
    // A full phone: the profile is fetched again next time, as before.
  }
}

export const profileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: profileQueryKey(userId),
    queryFn: async ({ signal }) => {
      const profile = await fetchProfile(signal);
      keepProfileCopy(profile);
      return profile;
    },
    // The copy on this phone shows at once, and counts as stale: the server's answer replaces it.
    initialData: () => readProfileCopy(userId),
    initialDataUpdatedAt: 0,
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
