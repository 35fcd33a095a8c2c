import { MediaModule } from '../media/media.module';
import { Module } from '@nestjs/common';
import { PostsModule } from '../posts/posts.module';
import { UsersModule } from '../users/users.module';
import { AdminDashboardService } from './admin-dashboard.service';
import { AdminPostsService } from './admin-posts.service';
import { AdminUsersService } from './admin-users.service';
import { AdminAuditController } from './admin-audit.controller';
import { AdminRegistrationsController } from './admin-registrations.controller';
import { AdminRegistrationsService } from './admin-registrations.service';
import { AdminController } from './admin.controller';
import { AdminRepository } from './admin.repository';

/** The back-office API (dashboard, users, posts, registrations under approval, the audit log); deleting a post is PostsModule's PostDeletionService. */
@Module({
  imports: [UsersModule, PostsModule, MediaModule],
  controllers: [AdminController, AdminAuditController, AdminRegistrationsController],
  providers: [AdminRepository, AdminDashboardService, AdminUsersService, AdminPostsService, AdminRegistrationsService],
})
export class AdminModule {}
