import { ACCOUNT_ACTION_KINDS, type AccountActionKind } from '@gundem/contract';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { UUID } from '../../reports/dto/create-report.dto';
import { RULE_UNKNOWN } from '../../rules/rules.texts';
import { ACTION_KIND_INVALID, ACTION_REASON_REQUIRED, SUSPENSION_DAYS_INVALID } from '../moderation.texts';

/** Longest timed suspension, in days (longer: indefinite). */
export const SUSPENSION_MAX_DAYS = 365;

/** `POST /api/admin/users/:id/actions` (docs/wire-contract.md#account-actions). The reason's length is checked in characters by the service. */
export class CreateAccountActionDto {
  @IsIn(ACCOUNT_ACTION_KINDS, { message: ACTION_KIND_INVALID })
  kind!: AccountActionKind;

  @IsString({ message: ACTION_REASON_REQUIRED })
  reason!: string;

  /** Only for `suspend`; absent or null: indefinite. */
  @IsOptional()
  @IsInt({ message: SUSPENSION_DAYS_INVALID })
  @Min(1, { message: SUSPENSION_DAYS_INVALID })
  @Max(SUSPENSION_MAX_DAYS, { message: SUSPENSION_DAYS_INVALID })
  days?: number | null;

  /** The rule the action cites (optional); a malformed id is as unknown as a deleted rule's. */
  @IsOptional()
  @Matches(UUID, { message: RULE_UNKNOWN })
  @IsString({ message: RULE_UNKNOWN })
  ruleId?: string | null;
}
