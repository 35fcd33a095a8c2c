// Pictures in posts (issue 24): upload first, attach later. The upload goes through
// XMLHttpRequest because fetch reports no upload progress; it sends the same bearer token and
// maps failures to the same ApiError / NetworkError as every other call (lib/api-client.ts).
import type { Media, MediaAltPatch } from '@gundem/contract';
import { API_BASE, answerFailure, apiClient, authHeaders, getToken, networkFailure, parseBody } from '../../../lib/api-client';

export interface MediaUpload {
  /** The stored image (201), or an ApiError / NetworkError; an AbortError after abort(). */
  done: Promise<Media>;
  /** Stops the upload in flight (the remove button). */
  abort: () => void;
}

/** POST /api/media: one file in the multipart field `file`; `onProgress` gets 0–1 as bytes go out. */
export function uploadMedia(file: File, onProgress: (fraction: number) => void): MediaUpload {
  const xhr = new XMLHttpRequest();
  const path = '/media';
  const token = getToken();
  const done = new Promise<Media>((resolve, reject) => {
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const data = parseBody(xhr.responseText);
      const error = answerFailure(path, token, xhr.status, data, xhr.getResponseHeader('Retry-After'));
      if (error) reject(error);
      else resolve(data as Media);
    };
    xhr.onerror = () => reject(networkFailure(new TypeError('Upload failed')));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}

/** PATCH /api/media/:id: the image's alt text (its uploader's, before or after it is attached). */
export function saveMediaAlt(id: string, alt: string | null): Promise<Media> {
  const body: MediaAltPatch = { alt };
  return apiClient.patch<Media>(`/media/${encodeURIComponent(id)}`, body);
}
