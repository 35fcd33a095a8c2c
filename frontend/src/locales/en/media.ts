// English for locales/tr-media.ts.
import type * as Tr from '../tr-media';
import type { EnglishOf } from './types';

export default {
  trMedia: {
    viewerTitle: (position: number, count: number) => `Image ${position} of ${count}`,
    previous: 'Previous image',
    next: 'Next image',
    attachments: 'Attached images',
    remove: 'Remove image',
    retry: 'Retry',
    uploadProgress: (percent: number) => `Uploading: ${percent}%`,
    uploadFailed: 'The image could not be uploaded.',
    uploadNetworkError: 'Connection error. The image could not be uploaded.',
    altButton: 'ALT',
    altButtonLabel: (position: number) => `ALT: description for image ${position}`,
    altTitle: 'Image description',
    altLabel: 'Description',
    altHint: 'Describe the image for readers who cannot see it.',
    altCounter: (used: number, max: number) => `${used}/${max}`,
    altSave: 'Save',
    altCancel: 'Cancel',
    altSaveFailed: 'The description could not be saved.',
    thumbnail: (position: number) => `Image ${position}`,
  },
} satisfies EnglishOf<typeof Tr>;
