import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { AdminDashboardService } from './admin-dashboard.service';
import { AdminPostsService } from './admin-posts.service';
import { AdminUsersService } from './admin-users.service';
import { AdminController } from './admin.controller';
import { AdminRepository } from './admin.repository';

/** The back-office API (dashboard, users, posts). RealtimeEvents comes from the global RealtimeModule. */
@Module({
  imports: [UsersModule],
  controllers: [AdminController],
  providers: [AdminRepository, AdminDashboardService, AdminUsersService, AdminPostsService],
})
export class AdminModule {}
