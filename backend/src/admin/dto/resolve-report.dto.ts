import { ACCOUNT_ACTION_KINDS, type AccountActionKind, REPORT_NOTE_MAX_LENGTH, REPORT_RESOLUTIONS, type ReportResolution } from '@gundem/contract';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { SUSPENSION_MAX_DAYS } from '../../moderation/dto/create-account-action.dto';
import { ACTION_KIND_INVALID, SUSPENSION_DAYS_INVALID } from '../../moderation/moderation.texts';
import { UUID } from '../../reports/dto/create-report.dto';
import { RULE_UNKNOWN } from '../../rules/rules.texts';
import { MaxCodePoints } from '../../reports/dto/create-report.dto';
import { REPORT_ACTION_INVALID, REPORT_NOTE_EMPTY, REPORT_NOTE_TOO_LONG } from '../../reports/reports.texts';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** `POST /api/admin/reports/:id/resolve`: one action for every report of the case, and an optional note for the audit log. */
export class ResolveReportDto {
  @IsIn(REPORT_RESOLUTIONS, { message: REPORT_ACTION_INVALID })
  action!: ReportResolution;

  @IsOptional()
  @MaxCodePoints(REPORT_NOTE_MAX_LENGTH, { message: REPORT_NOTE_TOO_LONG })
  @IsString({ message: REPORT_NOTE_EMPTY })
  @Transform(trim)
  note?: string;

  /** The rule the resolution cites (optional); a malformed id is as unknown as a deleted rule's. */
  @IsOptional()
  @Matches(UUID, { message: RULE_UNKNOWN })
  @IsString({ message: RULE_UNKNOWN })
  ruleId?: string | null;

  /** `account_action` only: the action on the case's account (any kind the account-action route takes). */
  @IsOptional()
  @IsIn(ACCOUNT_ACTION_KINDS, { message: ACTION_KIND_INVALID })
  kind?: AccountActionKind;

  /** `account_action` with `suspend` only: 1–365 days; absent or null: indefinite. */
  @IsOptional()
  @IsInt({ message: SUSPENSION_DAYS_INVALID })
  @Min(1, { message: SUSPENSION_DAYS_INVALID })
  @Max(SUSPENSION_MAX_DAYS, { message: SUSPENSION_DAYS_INVALID })
  days?: number | null;
}

/** `POST /api/admin/reports/:id/notes`: a private note, 1 to 1000 characters (trimmed). */
export class ReportNoteDto {
  @MaxCodePoints(REPORT_NOTE_MAX_LENGTH, { message: REPORT_NOTE_TOO_LONG })
  @IsNotEmpty({ message: REPORT_NOTE_EMPTY })
  @IsString({ message: REPORT_NOTE_EMPTY })
  @Transform(trim)
  body!: string;
}
