// One file to the API through XMLHttpRequest (fetch reports no upload progress): the pictures of
// a post (POST /api/media) and the member's avatar and header (PUT /api/users/me/avatar|header).
// It sends the same bearer token and maps failures to the same ApiError / NetworkError as every
// other call (lib/api-client.ts).
import { API_BASE, answerFailure, authHeaders, getToken, networkFailure, parseBody } from './api-client';

export interface FileUpload<T> {
  /** The server's answer, or an ApiError / NetworkError; an AbortError after abort(). */
  done: Promise<T>;
  /** Stops the upload in flight. */
  abort: () => void;
}

/** `path` under /api, one file in the multipart field `file`; `onProgress` gets 0–1 as bytes go out. */
export function uploadFile<T>(
  path: string,
  file: File,
  onProgress: (fraction: number) => void,
  method: 'POST' | 'PUT' = 'POST',
): FileUpload<T> {
  const xhr = new XMLHttpRequest();
  const token = getToken();
  const done = new Promise<T>((resolve, reject) => {
    xhr.open(method, `${API_BASE}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const data = parseBody(xhr.responseText);
      const error = answerFailure(path, token, xhr.status, data, xhr.getResponseHeader('Retry-After'));
      if (error) reject(error);
      else resolve(data as T);
    };
    xhr.onerror = () => reject(networkFailure(new TypeError('Upload failed')));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
