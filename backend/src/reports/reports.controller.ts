import type { CreateReportResponse } from '@gundem/contract';
import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import type { SessionUser } from '../users/session-user';
import { CreateReportDto } from './dto/create-report.dto';
import { ReportsService } from './reports.service';

/** Members report a post, an account or a private message (docs/wire-contract.md#reports); signed-in only (the global JWT guard). */
@ApiTags('reports')
@ApiBearerAuth()
@Controller('reports')
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  /** 201 for a new report; 200 when it updated the member's open report of the same target. */
  @Post()
  @HttpCode(201)
  async create(@CurrentUser() reporter: SessionUser, @Body() dto: CreateReportDto, @Res({ passthrough: true }) res: Response): Promise<CreateReportResponse> {
    const { message, report, blocked, created } = await this.reports.create(reporter, dto);
    if (!created) res.status(200);
    return { message, report, blocked };
  }
}
