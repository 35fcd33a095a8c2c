// The compose box's picture limits (GET /api/media/limits): the admin settings `maxImagesPerPost`
// and `maxFileSize`, read from the server so a changed setting reaches the box without a release.
import type { MediaLimits } from '@gundem/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { MAX_IMAGES_PER_POST } from '../media';

export const mediaLimitsKey = ['media', 'limits'] as const;

/** Settings change rarely: one read per member per 5 minutes, shared by every compose box. */
export const MEDIA_LIMITS_STALE_MS = 5 * 60 * 1000;

/** What the box checks: `maxFileSize` null while unknown (the server still refuses a too-big upload with 413). */
export interface ComposeLimits {
  maxImagesPerPost: number;
  maxFileSize: number | null;
}

/** Before the answer arrives, or when it fails: the server's default count and no size check. */
export const FALLBACK_LIMITS: ComposeLimits = { maxImagesPerPost: MAX_IMAGES_PER_POST, maxFileSize: null };

export function getMediaLimits(signal?: AbortSignal): Promise<MediaLimits> {
  return apiClient.get<MediaLimits>('/media/limits', { signal });
}

/** The limits for a signed-in member's compose box, FALLBACK_LIMITS until (or unless) the server answers. */
export function useMediaLimits(): ComposeLimits {
  const { user } = useAuth();
  const { data } = useQuery({
    queryKey: mediaLimitsKey,
    queryFn: ({ signal }) => getMediaLimits(signal),
    enabled: Boolean(user),
    staleTime: MEDIA_LIMITS_STALE_MS,
    retry: false,
  });
  if (!data) return FALLBACK_LIMITS;
  const maxImagesPerPost = Number.isInteger(data.maxImagesPerPost) && data.maxImagesPerPost > 0 ? data.maxImagesPerPost : MAX_IMAGES_PER_POST;
  const maxFileSize = Number.isFinite(data.maxFileSize) && data.maxFileSize > 0 ? data.maxFileSize : null;
  return { maxImagesPerPost, maxFileSize };
}
