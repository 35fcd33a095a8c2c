import { REPORT_SORTS, REPORT_STATUSES, type ReportSort, type ReportStatus } from '@gundem/contract';
import { IsIn, IsOptional } from 'class-validator';
import { PageQueryDto } from '../../common/pagination/page-query.dto';
import { REPORT_SORT_INVALID, REPORT_STATUS_INVALID } from '../../reports/reports.texts';

/** `GET /api/admin/reports?status=&sort=&limit=&cursor=` (docs/wire-contract.md#moderation-desk). */
export class ReportQueryDto extends PageQueryDto {
  @IsOptional()
  @IsIn(REPORT_STATUSES, { message: REPORT_STATUS_INVALID })
  status?: ReportStatus;

  @IsOptional()
  @IsIn(REPORT_SORTS, { message: REPORT_SORT_INVALID })
  sort?: ReportSort;
}
