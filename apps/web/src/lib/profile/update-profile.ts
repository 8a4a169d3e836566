import { type Profile, type ProfileUpdateRequest, profileEndpoints } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../api-client.ts';
import { PROFILE_WRITES, useStoreProfile } from './profile-writes.ts';

/** PATCH /api/profile: changes only the fields sent. */
function updateProfile(update: ProfileUpdateRequest): Promise<Profile> {
  return call(profileEndpoints.update, { body: update });
}

/** Saves profile fields; the answer replaces the cached profile. */
export function useUpdateProfileMutation() {
  const storeProfile = useStoreProfile();
  return useMutation({ mutationFn: updateProfile, onSuccess: storeProfile, scope: PROFILE_WRITES });
}
