import type { GalleryPhoto } from '@app/contract';
import { apiRequest } from '../../lib/api-client.ts';

/** Per user, so one person's photos are never shown to the next one signing in on this browser. */
export const galleryQueryKey = (userId: string) => ['gallery', userId] as const;

/** Every photo on the signed-in user's certificates, newest certificate first. */
export async function fetchGallery(signal?: AbortSignal): Promise<GalleryPhoto[]> {
  const response = await apiRequest<{ photos: GalleryPhoto[] }>('/api/gallery', { signal });
  return response.photos;
}
