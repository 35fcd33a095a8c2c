// Pictures in posts (issue 24): upload first, attach later, through the XMLHttpRequest uploader
// (lib/upload.ts: progress, the bearer token, the usual ApiError / NetworkError).
import type { Media, MediaAltPatch } from '@gundem/contract';
import { apiClient } from '../../../lib/api-client';
import { uploadFile, type FileUpload } from '../../../lib/upload';

export type MediaUpload = FileUpload<Media>;

/** POST /api/media: one file in the multipart field `file`; `onProgress` gets 0–1 as bytes go out. */
export function uploadMedia(file: File, onProgress: (fraction: number) => void): MediaUpload {
  return uploadFile<Media>('/media', file, onProgress);
}

/** PATCH /api/media/:id: the image's alt text (its uploader's, before or after it is attached). */
export function saveMediaAlt(id: string, alt: string | null): Promise<Media> {
  const body: MediaAltPatch = { alt };
  return apiClient.patch<Media>(`/media/${encodeURIComponent(id)}`, body);
}
