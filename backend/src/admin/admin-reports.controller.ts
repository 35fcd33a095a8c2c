import type { OpenReportsCount, ReportCaseDetail, ReportCaseResponse, ReportCasesPage } from '@gundem/contract';
import { Body, Controller, Get, HttpCode, Param, Post, Query, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { HeavyQueryInterceptor } from '../common/concurrency/heavy-queries';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { UuidPipe } from '../common/pipes/uuid.pipe';
import { Roles, STAFF_ROLES } from '../users/roles';
import type { SessionUser } from '../users/session-user';
import { AdminReportsService } from './admin-reports.service';
import { ReportQueryDto } from './dto/report-query.dto';
import { ReportNoteDto, ResolveReportDto } from './dto/resolve-report.dto';

/** The moderation desk (docs/wire-contract.md#moderation-desk): staff (moderator, admin) only; guests 401, members 403. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles(...STAFF_ROLES)
@Controller('admin/reports')
export class AdminReportsController {
  constructor(private readonly reports: AdminReportsService) {}

  /** Cases (reports grouped by target), open or resolved, newest report or most reports first; keyset-paged. */
  @Get()
  @UseInterceptors(HeavyQueryInterceptor)
  list(@Query() query: ReportQueryDto): Promise<ReportCasesPage> {
    return this.reports.list(query);
  }

  /** Open cases (the back office's badge), at most 1000. */
  @Get('open-count')
  openCount(): Promise<OpenReportsCount> {
    return this.reports.openCount();
  }

  /** A case with its reports (and reporters), notes, the account's recent posts, earlier cases and staff actions. */
  @Get(':id')
  @UseInterceptors(HeavyQueryInterceptor)
  detail(@Param('id', UuidPipe) id: string): Promise<ReportCaseDetail> {
    return this.reports.detail(id.toLowerCase());
  }

  @Post(':id/assign')
  @HttpCode(200)
  assign(@Param('id', UuidPipe) id: string, @CurrentUser() actor: SessionUser): Promise<ReportCaseResponse> {
    return this.reports.assign(actor, id.toLowerCase());
  }

  @Post(':id/notes')
  @HttpCode(200)
  addNote(@Param('id', UuidPipe) id: string, @Body() dto: ReportNoteDto, @CurrentUser() actor: SessionUser): Promise<ReportCaseResponse> {
    return this.reports.addNote(actor, id.toLowerCase(), dto);
  }

  /** One action for every report of the case: dismiss, delete the post, mark it sensitive, deactivate the account. */
  @Post(':id/resolve')
  @HttpCode(200)
  async resolve(@Param('id', UuidPipe) id: string, @Body() dto: ResolveReportDto, @CurrentUser() actor: SessionUser): Promise<ReportCaseResponse> {
    const { message, case: summary } = await this.reports.resolve(actor, id.toLowerCase(), dto);
    return { message, case: summary };
  }
}
