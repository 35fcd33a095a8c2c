import { Module } from '@nestjs/common';
import { RulesModule } from '../rules/rules.module';
import { SocialModule } from '../social/social.module';
import { ReportsController } from './reports.controller';
import { ReportsRepository } from './reports.repository';
import { ReportsService } from './reports.service';

/** Members' reports (POST /api/reports); the staff's desk (admin/) reads and resolves them through ReportsRepository. */
@Module({
  imports: [RulesModule, SocialModule],
  controllers: [ReportsController],
  providers: [ReportsService, ReportsRepository],
  exports: [ReportsRepository, ReportsService],
})
export class ReportsModule {}
