/** The preferences piece's Turkish texts (answers and validation messages), in one place. */

/** The body is not an object (an array, a string, null). */
export const PREFERENCES_BODY_INVALID = 'Tercihler bir nesne olarak gönderilmelidir.';
/** `field`: the dotted path of a key the settings object does not have (`display.colour`). */
export const preferencesUnknownField = (field: string) => `Bilinmeyen alan: ${field}`;
export const preferencesSectionInvalid = (field: string) => `${field} bir nesne olmalıdır.`;
export const preferencesBooleanInvalid = (field: string) => `${field} true ya da false olmalıdır.`;
/** `allowed`: the choices, listed (`light, dark, auto`). */
export const preferencesChoiceInvalid = (field: string, allowed: string) => `${field} şunlardan biri olmalıdır: ${allowed}.`;
