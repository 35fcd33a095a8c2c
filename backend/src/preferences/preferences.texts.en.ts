// English twins of preferences.texts.ts, for requests that prefer English (common/i18n).
import type { EnglishTexts } from '../common/i18n/english-texts';
import type * as Tr from './preferences.texts';

export default {
  PREFERENCES_BODY_INVALID: 'The preferences must be sent as an object.',
  preferencesUnknownField: (field: string) => `Unknown field: ${field}`,
  preferencesSectionInvalid: (field: string) => `${field} must be an object.`,
  preferencesBooleanInvalid: (field: string) => `${field} must be true or false.`,
  preferencesChoiceInvalid: (field: string, allowed: string) => `${field} must be one of: ${allowed}.`,
} satisfies EnglishTexts<typeof Tr>;
