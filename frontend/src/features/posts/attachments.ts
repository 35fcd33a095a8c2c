// The compose box's images (issue 24) as plain state: the compose box keeps the list, the lazy
// attachments module (components/compose-media.tsx) uploads them and draws them.
import type { Media } from '@gundem/contract';

export interface Attachment {
  key: string;
  /** The file to upload; null for a picture the edited post carries already (`kept`). */
  file: File | null;
  /** The thumbnail: an object URL of the file, revoked when the image is removed or the box goes (a kept picture's own small URL). */
  preview: string;
  /**
   * A picture the edited post carries (issue 27): stored already, its alt text is sent with the
   * edit (a version of the post) rather than saved on its own.
   */
  kept?: boolean;
  status: 'uploading' | 'done' | 'failed';
  /** Bytes sent, 0–1. */
  progress: number;
  /** The stored image once the upload answered. */
  media: Media | null;
  /** The server's (Turkish) message of a failed upload. */
  error: string | null;
  /** Each retry is a new attempt: the upload starts again. */
  attempt: number;
  /** The alt text as written: saved (PATCH) once the upload is done, when it differs from the stored one. */
  alt: string;
  altSaving: boolean;
  /** A failed save, shown until the alt text is saved again. */
  altError: string | null;
}

export type AttachmentPatch = Partial<Omit<Attachment, 'key' | 'file' | 'preview'>>;

/** The alt text as the server stores it: trimmed, null when empty. */
export function storedAlt(alt: string): string | null {
  return alt.trim() || null;
}

/** An upload or an alt text still on its way: the post waits for it. */
export function isBusy(attachment: Attachment): boolean {
  return attachment.status === 'uploading' || attachment.altSaving;
}

let sequence = 0;

export function newAttachment(file: File): Attachment {
  sequence += 1;
  return {
    key: `a${sequence}`,
    file,
    preview: URL.createObjectURL(file),
    status: 'uploading',
    progress: 0,
    media: null,
    error: null,
    attempt: 0,
    alt: '',
    altSaving: false,
    altError: null,
  };
}

/** A picture the edited post carries already, as the compose box lists it (issue 27). */
export function keptAttachment(media: Media): Attachment {
  sequence += 1;
  return {
    key: `a${sequence}`,
    file: null,
    preview: media.small.url,
    kept: true,
    status: 'done',
    progress: 1,
    media,
    error: null,
    attempt: 0,
    alt: media.alt ?? '',
    altSaving: false,
    altError: null,
  };
}

/** Gives back a thumbnail's object URL (a kept picture's is the server's own URL: nothing to give back). */
export function releasePreview(attachment: Attachment): void {
  if (attachment.preview.startsWith('blob:')) URL.revokeObjectURL(attachment.preview);
}
