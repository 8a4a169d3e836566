import { certificateEndpoints } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/** Every photo on the signed-in user's certificates, newest certificate first. */
function fetchGallery(signal?: AbortSignal) {
  return call(certificateEndpoints.gallery, {}, { signal });
}

/** Per user, so one person's photos are never shown to the next one signing in on this browser. */
const galleryQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['gallery', userId],
    queryFn: ({ signal }) => fetchGallery(signal),
    select: (response) => response.photos,
  });

export function useGallery(userId: string) {
  return useQuery(galleryQueryOptions(userId));
}
