import { REPORT_CATEGORIES, REPORT_COMMENT_MAX_LENGTH, REPORT_MAX_ATTACHED_POSTS, REPORT_TARGET_TYPES, type ReportCategory, type ReportTargetType } from '@gundem/contract';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayUnique, IsArray, IsBoolean, IsIn, IsOptional, IsString, Matches, ValidateBy, type ValidationOptions } from 'class-validator';
import { RULE_UNKNOWN } from '../../rules/rules.texts';
import {
  REPORT_CATEGORY_INVALID,
  REPORT_BLOCK_INVALID,
  REPORT_COMMENT_INVALID,
  REPORT_COMMENT_TOO_LONG,
  REPORT_POSTS_DUPLICATE,
  REPORT_POSTS_INVALID,
  REPORT_POSTS_TOO_MANY,
  REPORT_TARGET_ID_INVALID,
  REPORT_TARGET_TYPE_INVALID,
} from '../reports.texts';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** At most `max` characters as PostgreSQL's char_length counts them: code points. */
export function MaxCodePoints(max: number, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'maxCodePoints', constraints: [max], validator: { validate: (value: unknown) => typeof value === 'string' && [...value].length <= max } }, options);
}

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const lowerIds = ({ value }: { value: unknown }) => (Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v.toLowerCase() : v)) : value);

/** `POST /api/reports` (docs/wire-contract.md#reports). class-validator runs the lowest decorator first. */
export class CreateReportDto {
  @IsIn(REPORT_TARGET_TYPES, { message: REPORT_TARGET_TYPE_INVALID })
  targetType!: ReportTargetType;

  @Matches(UUID, { message: REPORT_TARGET_ID_INVALID })
  @IsString({ message: REPORT_TARGET_ID_INVALID })
  targetId!: string;

  @IsIn(REPORT_CATEGORIES, { message: REPORT_CATEGORY_INVALID })
  category!: ReportCategory;

  /** Trimmed; empty is no comment. */
  @IsOptional()
  @MaxCodePoints(REPORT_COMMENT_MAX_LENGTH, { message: REPORT_COMMENT_TOO_LONG })
  @IsString({ message: REPORT_COMMENT_INVALID })
  @Transform(trim)
  comment?: string;

  @IsOptional()
  @ArrayUnique({ message: REPORT_POSTS_DUPLICATE })
  @Matches(UUID, { each: true, message: REPORT_POSTS_INVALID })
  @IsString({ each: true, message: REPORT_POSTS_INVALID })
  @ArrayMaxSize(REPORT_MAX_ATTACHED_POSTS, { message: REPORT_POSTS_TOO_MANY })
  @IsArray({ message: REPORT_POSTS_INVALID })
  @Transform(lowerIds)
  postIds?: string[];

  /** The rule the content breaks (optional); a malformed id is as unknown as a deleted rule's. */
  @IsOptional()
  @Matches(UUID, { message: RULE_UNKNOWN })
  @IsString({ message: RULE_UNKNOWN })
  ruleId?: string | null;

  /** Also block the reported account, once the report is saved. */
  @IsOptional()
  @IsBoolean({ message: REPORT_BLOCK_INVALID })
  block?: boolean;
}
