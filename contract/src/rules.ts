/** One server rule (docs/wire-contract.md#server-rules). `id` stays the same while the rule is kept, whatever its place or text. */
export interface ServerRule {
  id: string;
  /** 1-based: the rule's number in the list. */
  position: number;
  text: string;
  /** A short explanation under the rule; null when there is none. */
  hint: string | null;
}

/** What the server accepts (and the admin form shows). */
export const RULES_LIMITS = {
  maxRules: 30,
  textMaxLength: 500,
  hintMaxLength: 200,
} as const;

/** GET /api/rules (everyone, guests too) */
export interface RulesResponse {
  rules: ServerRule[];
}

/** One rule of PUT /api/admin/rules: `id` of a rule kept (absent for a new one). */
export interface RuleInput {
  id?: string;
  text: string;
  hint?: string | null;
}

/** PUT /api/admin/rules (admins only): the whole list, in order; rules left out are deleted. */
export interface RulesUpdate {
  rules: RuleInput[];
}

/** PUT /api/admin/rules */
export interface RulesSavedResponse {
  message: string;
  rules: ServerRule[];
}
