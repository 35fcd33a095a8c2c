import { Transform } from 'class-transformer';
import { IsOptional, IsString, Matches } from 'class-validator';
import { MaxCodePoints, UUID } from '../../reports/dto/create-report.dto';
import { RULE_UNKNOWN } from '../../rules/rules.texts';
import { ACCOUNT_ACTION_REASON_MAX } from '@gundem/contract';
import { REMOVAL_REASON_INVALID, REMOVAL_REASON_TOO_LONG } from '../admin.texts';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/**
 * `DELETE /api/admin/posts/:id`'s optional body: the reason and the rule the author's
 * `post_removed` notice shows (docs/wire-contract.md#admin). Without a reason the notice says a
 * standard one.
 */
export class RemovePostDto {
  @IsOptional()
  @MaxCodePoints(ACCOUNT_ACTION_REASON_MAX, { message: REMOVAL_REASON_TOO_LONG })
  @IsString({ message: REMOVAL_REASON_INVALID })
  @Transform(trim)
  reason?: string;

  @IsOptional()
  @Matches(UUID, { message: RULE_UNKNOWN })
  @IsString({ message: RULE_UNKNOWN })
  ruleId?: string | null;
}
