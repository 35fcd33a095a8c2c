/** The server rules' Turkish texts (answers and validation messages), in one place. */
import { RULES_LIMITS } from '@gundem/contract';

export const RULES_SAVED = 'Sunucu kuralları kaydedildi.';
export const RULES_NOT_A_LIST = 'Kurallar (rules) bir liste olmalıdır.';
export const TOO_MANY_RULES = `En fazla ${RULES_LIMITS.maxRules} kural eklenebilir.`;
export const RULE_INVALID = 'Her kural, metni (text) olan bir nesne olmalıdır.';
export const RULE_TEXT_REQUIRED = 'Kural metni boş olamaz.';
export const RULE_TEXT_TOO_LONG = `Kural metni en fazla ${RULES_LIMITS.textMaxLength} karakter olabilir.`;
export const RULE_HINT_INVALID = `Kural açıklaması en fazla ${RULES_LIMITS.hintMaxLength} karakterlik bir metin olmalıdır.`;
export const RULE_ID_INVALID = 'Kural kimliği (id) geçerli bir kimlik olmalıdır.';
export const RULE_DUPLICATE = 'Aynı kural listede iki kez yer alamaz.';
export const RULE_GONE = 'Listedeki kurallardan biri bu arada silinmiş. Lütfen sayfayı yenileyip yeniden deneyin.';
/** The rules' label in the audit log (docs/wire-contract.md#audit-log). */
export const RULES_AUDIT_LABEL = 'Sunucu kuralları';
/** A report or a staff action naming a rule that is not (or no longer) in the list. */
export const RULE_UNKNOWN = 'Seçilen kural sunucu kurallarında yok. Lütfen listeden bir kural seçin.';
