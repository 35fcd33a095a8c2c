import { Module } from '@nestjs/common';
import { ReportsController } from './reports.controller';
import { ReportsRepository } from './reports.repository';
import { ReportsService } from './reports.service';

/** Members' reports (POST /api/reports); the staff's desk (admin/) reads and resolves them through ReportsRepository. */
@Module({
  controllers: [ReportsController],
  providers: [ReportsService, ReportsRepository],
  exports: [ReportsRepository, ReportsService],
})
export class ReportsModule {}
