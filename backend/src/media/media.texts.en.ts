// English twins of media.texts.ts, for requests that prefer English (common/i18n).
import type { EnglishTexts } from '../common/i18n/english-texts';
import type * as Tr from './media.texts';

const MB = 1024 * 1024;

export default {
  MEDIA_FILE_REQUIRED: 'Please send an image in the `file` field.',
  MEDIA_ONE_FILE: 'You can upload only one image per request.',
  MEDIA_EMPTY: 'The image file is empty.',
  mediaTooLarge: (maxBytes: number) => `An image can be at most ${Math.round((maxBytes / MB) * 10) / 10} MB.`,
  MEDIA_UNSUPPORTED: 'This file type is not supported. Upload a JPEG, PNG, WebP, GIF or AVIF image.',
  MEDIA_UNREADABLE: 'The image could not be read: the file may be damaged or incomplete.',
  MEDIA_TOO_MANY_PIXELS: "The image's resolution is too high. Please upload a smaller image.",
  mediaTooManyFrames: (max: number) => `An animated image can have at most ${max} frames.`,
  MEDIA_UPLOADS_LIMITED: 'You uploaded too many images within an hour. Please try again later.',
  MEDIA_NOT_FOUND: 'Image not found.',
  mediaAltTooLong: (max: number) => `The description can be at most ${max} characters.`,
  MEDIA_ALT_INVALID: 'The description must be text or null.',
  MEDIA_ALT_IN_EDITED_POST: "This image is in an edited post; change its description by editing the post.",
  MEDIA_IDS_INVALID: 'The image ids must be a list of valid ids.',
  mediaTooManyImages: (max: number) => `You can add at most ${max} images to a post.`,
  MEDIA_IDS_REPEATED: 'The same image cannot be added to a post twice.',
  MEDIA_NOT_ATTACHABLE: 'One of the images was not found, is attached to another post or has expired. Please upload the image again.',
  MEDIA_SENSITIVE_INVALID: 'The sensitive mark must be true or false.',
  MEDIA_FILE_NOT_FOUND: 'File not found.',
} satisfies EnglishTexts<typeof Tr>;
