// The member's avatar and profile header (issue 24): PUT /api/users/me/avatar|header with one
// file (progress through lib/upload.ts), DELETE to go back to the initial letter / no header.
// Both answer the member as GET /api/auth/me does.
import type { MeResponse } from '@gundem/contract';
import { apiClient } from '../../../lib/api-client';
import { uploadFile, type FileUpload } from '../../../lib/upload';

export type ProfileImageKind = 'avatar' | 'header';

export function uploadProfileImage(kind: ProfileImageKind, file: File, onProgress: (fraction: number) => void): FileUpload<MeResponse> {
  return uploadFile<MeResponse>(`/users/me/${kind}`, file, onProgress, 'PUT');
}

export function removeProfileImage(kind: ProfileImageKind): Promise<MeResponse> {
  return apiClient.delete<MeResponse>(`/users/me/${kind}`);
}
