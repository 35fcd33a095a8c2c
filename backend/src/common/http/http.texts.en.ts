// English twins of http.texts.ts, for requests that prefer English (common/i18n).
import type { EnglishTexts } from '../i18n/english-texts';
import type * as Tr from './http.texts';

export default {
  HTTP_TEXTS: {
    headersTooLarge: 'The request headers are too large.',
    badRequest: 'Invalid request.',
    requestTimeout: 'The request timed out.',
    notFound: 'The requested resource was not found.',
    jsonOnly: 'Unsupported content type: the request body must be sent as JSON (Content-Type: application/json).',
    rateLimitedPageTitle: 'Too many requests',
    rateLimitedPageRetry: 'Try again in a little while',
    methodNotAllowed: 'This method is not supported.',
    badBodyEncoding: 'The request body could not be opened: it cannot be read with the compression in the Content-Encoding header.',
    unsupportedBodyEncoding: 'Unsupported content encoding (Content-Encoding). Use gzip, deflate or br.',
  },
} satisfies EnglishTexts<typeof Tr>;
