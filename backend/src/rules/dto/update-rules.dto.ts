import { RULES_LIMITS } from '@gundem/contract';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsObject, IsString, IsUUID, MaxLength, ValidateIf, ValidateNested } from 'class-validator';
import { RULE_HINT_INVALID, RULE_ID_INVALID, RULE_INVALID, RULE_TEXT_TOO_LONG, RULES_NOT_A_LIST, TOO_MANY_RULES } from '../rules.texts';

/** class-validator runs the lowest decorator first: the type check sits at the bottom. */
export class RuleInputDto {
  /** A kept rule's id; absent (or null) for a new rule. */
  @ValidateIf((_o, value) => value !== undefined && value !== null)
  @IsUUID('all', { message: RULE_ID_INVALID })
  id?: string | null;

  /** Trimmed by RulesService, which refuses an empty one. */
  @MaxLength(RULES_LIMITS.textMaxLength, { message: RULE_TEXT_TOO_LONG })
  @IsString({ message: RULE_INVALID })
  text!: string;

  @ValidateIf((_o, value) => value !== undefined && value !== null)
  @MaxLength(RULES_LIMITS.hintMaxLength, { message: RULE_HINT_INVALID })
  @IsString({ message: RULE_HINT_INVALID })
  hint?: string | null;
}

/** `PUT /api/admin/rules` (docs/wire-contract.md#server-rules): the whole list, in order. */
export class UpdateRulesDto {
  @ValidateNested({ each: true, message: RULE_INVALID })
  @Type(() => RuleInputDto)
  @IsObject({ each: true, message: RULE_INVALID })
  @ArrayMaxSize(RULES_LIMITS.maxRules, { message: TOO_MANY_RULES })
  @IsArray({ message: RULES_NOT_A_LIST })
  rules!: RuleInputDto[];
}
