import { type Profile, profileEndpoints, profileSchema } from '@app/contract';
import { hashKey, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, call } from '../api-client.ts';
import { useAuth } from '../auth/use-auth.ts';
import { basicProfile } from './basic-profile.ts';

/**
 * GET /api/profile. It lives in lib, not in features/profile, because the header, the sign-in
 * redirect and the certificate screens read it too; the profile's writes live beside it (several features save to the profile).
 */
export function fetchProfile(signal?: AbortSignal): Promise<Profile> {
  return call(profileEndpoints.get, {}, { signal });
}

/** Per user, so one person's profile is never shown to the next one signing in on this browser. */
export const profileQueryKey = (userId: string) => ['profile', userId] as const;

/**
 * The last profile the server sent, kept on this phone per user (cleared on sign-out like every
 * `…:<user id>` key), so forms that start from it open with no connection (ADR 0036).
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

/**
 * A profile that failed to load is asked for again 5 s later, then twice as long each time, up to
 * every 5 minutes, until it comes (PRODUCT.md, States; ADR 0064).
 */
const FIRST_RETRY_DELAY_MS = 5_000;
const LONGEST_RETRY_DELAY_MS = 5 * 60_000;

/** Only an answer that may change by waiting is worth asking again: not a refusal (401, 403, 404). */
const worthRetrying = (error: unknown) => !(error instanceof ApiError && error.status < 500 && error.status !== 429);

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
    // One chain of retries for every reader, with back-off: a screen mounting joins it rather than
    // starting another request, and an error that ends it is not restarted by the next screen.
    retry: (_failures, error) => worthRetrying(error),
    retryDelay: (failures) => Math.min(FIRST_RETRY_DELAY_MS * 2 ** (failures - 1), LONGEST_RETRY_DELAY_MS),
    retryOnMount: false,
  });

/** The signed-in user (undefined when signed out) and the query for their profile. */
export function useProfileQuery() {
  const auth = useAuth();
  const user = auth.status === 'signed-in' ? auth.session.user : undefined;
  const query = useQuery({ ...profileQueryOptions(user?.id ?? ''), enabled: user !== undefined });
  return { user, query };
}

/**
 * The profile as the server sent it (or this phone's copy of its answer), never the basic one that
 * stands in while it cannot load: for a check that must not guess, such as what an issue needs
 * (ADR 0065); while there is none, the server decides.
 */
export function useServerProfile(): Profile | undefined {
  return useProfileQuery().query.data;
}

/**
 * The signed-in user's profile: undefined while it first loads or when signed out; the basic
 * free-tier profile as soon as loading it has failed, while the retries go on behind (PRODUCT.md, States).
 */
export function useProfile(): Profile | undefined {
  const { user, query } = useProfileQuery();
  if (!user) return undefined;
  // failureCount: an attempt of the current load failed, its retries under way; errorUpdateCount:
  // a load ended in an error, including while a screen asks again (the data then stays empty).
  const failed = query.failureCount > 0 || query.errorUpdateCount > 0;
  return query.data ?? (failed ? basicProfile(user) : undefined);
}

/**
 * The profile, or a rejection as soon as one attempt to load it has failed: for a decision that
 * must not wait for the retries (the sign-in's onboarding check). The retries carry on for the screens.
 */
export function profileOrFirstFailure(queryClient: QueryClient, userId: string): Promise<Profile> {
  const options = profileQueryOptions(userId);
  const queryHash = hashKey(options.queryKey);
  return new Promise((resolve, reject) => {
    const stopWatching = queryClient.getQueryCache().subscribe(({ query }) => {
      if (query.queryHash !== queryHash || query.state.fetchFailureCount === 0) return;
      stopWatching();
      reject(query.state.fetchFailureReason);
    });
    queryClient.fetchQuery(options).then(resolve, reject).finally(stopWatching);
  });
}
