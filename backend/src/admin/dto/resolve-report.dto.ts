import { REPORT_NOTE_MAX_LENGTH, REPORT_RESOLUTIONS, type ReportResolution } from '@gundem/contract';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString } from 'class-validator';
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
}

/** `POST /api/admin/reports/:id/notes`: a private note, 1 to 1000 characters (trimmed). */
export class ReportNoteDto {
  @MaxCodePoints(REPORT_NOTE_MAX_LENGTH, { message: REPORT_NOTE_TOO_LONG })
  @IsNotEmpty({ message: REPORT_NOTE_EMPTY })
  @IsString({ message: REPORT_NOTE_EMPTY })
  @Transform(trim)
  body!: string;
}
