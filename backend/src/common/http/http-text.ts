import type { Request } from 'express';
import { requestLanguage } from '../i18n/language';
import { HTTP_TEXTS } from './http.texts';
import english from './http.texts.en';

/**
 * One of the HTTP layer's own answers (HTTP_TEXTS) in the request's language: the middleware that
 * answers before Nest's routes (415, 405, the SPA's JSON 404) never reaches the exceptions filter,
 * which translates the rest (issue 26). Its texts sit beside it in common/, so no lookup is passed.
 */
export function httpText(req: Pick<Request, 'headers'>, key: keyof typeof HTTP_TEXTS): string {
  return requestLanguage(req.headers['accept-language']) === 'en' ? english.HTTP_TEXTS[key] : HTTP_TEXTS[key];
}
