// English twins of rules.texts.ts, for requests that prefer English (common/i18n).
import type { EnglishTexts } from '../common/i18n/english-texts';
import type * as Tr from './rules.texts';
import { RULES_LIMITS } from '@gundem/contract';

export default {
  RULES_SAVED: 'Server rules saved.',
  RULES_NOT_A_LIST: 'The rules (rules) must be a list.',
  TOO_MANY_RULES: `At most ${RULES_LIMITS.maxRules} rules can be added.`,
  RULE_INVALID: 'Each rule must be an object with a text (text).',
  RULE_TEXT_REQUIRED: 'The rule text cannot be empty.',
  RULE_TEXT_TOO_LONG: `The rule text can be at most ${RULES_LIMITS.textMaxLength} characters.`,
  RULE_HINT_INVALID: `The rule explanation must be text of at most ${RULES_LIMITS.hintMaxLength} characters.`,
  RULE_ID_INVALID: 'The rule id (id) must be a valid id.',
  RULE_DUPLICATE: 'The same rule cannot be in the list twice.',
  RULE_GONE: 'One of the rules in the list was deleted meanwhile. Please reload the page and try again.',
  RULES_AUDIT_LABEL: 'Server rules',
  RULE_UNKNOWN: 'The chosen rule is not among the server rules. Please choose a rule from the list.',
} satisfies EnglishTexts<typeof Tr>;
