import { MediaModule } from '../media/media.module';
import { Module } from '@nestjs/common';
import { ModerationModule } from '../moderation/moderation.module';
import { PostsModule } from '../posts/posts.module';
import { ReportsModule } from '../reports/reports.module';
import { RulesModule } from '../rules/rules.module';
import { UsersModule } from '../users/users.module';
import { AdminDashboardService } from './admin-dashboard.service';
import { AdminPostsService } from './admin-posts.service';
import { AdminUsersService } from './admin-users.service';
import { AdminAuditController } from './admin-audit.controller';
import { AdminRegistrationsController } from './admin-registrations.controller';
import { AdminRegistrationsService } from './admin-registrations.service';
import { AdminController } from './admin.controller';
import { AdminReportsController } from './admin-reports.controller';
import { AdminReportsService } from './admin-reports.service';
import { AdminRepository } from './admin.repository';

/** The back-office API (dashboard, users, posts, registrations under approval, the audit log, the moderation desk); deleting a post is PostsModule's PostDeletionService. */
@Module({
  imports: [UsersModule, PostsModule, MediaModule, ReportsModule, ModerationModule, RulesModule],
  controllers: [AdminController, AdminAuditController, AdminRegistrationsController, AdminReportsController],
  providers: [AdminRepository, AdminDashboardService, AdminUsersService, AdminPostsService, AdminRegistrationsService, AdminReportsService],
})
export class AdminModule {}
