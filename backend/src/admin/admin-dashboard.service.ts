import { Injectable } from '@nestjs/common';
import type { PostResponse } from '../posts/dto/post.response';
import type { User } from '../users/user.entity';
import type { UserResponse } from '../users/user.response';
import { AdminPostsService } from './admin-posts.service';
import { AdminUsersService } from './admin-users.service';
import { AdminRepository, type DashboardCounts } from './admin.repository';

export const DASHBOARD_RECENT = 5;

export interface Dashboard {
  /**
   * users.verified counts the verified badge (isVerified), users.admins the role `admin` only,
   * posts.today the posts since midnight in Türkiye (Europe/Istanbul). Replies are posts.
   */
  statistics: DashboardCounts;
  recentUsers: UserResponse[];
  recentPosts: PostResponse[];
}

@Injectable()
export class AdminDashboardService {
  constructor(
    private readonly repository: AdminRepository,
    private readonly users: AdminUsersService,
    private readonly posts: AdminPostsService,
  ) {}

  async get(viewer: Pick<User, 'id'>): Promise<Dashboard> {
    const [statistics, recentUsers, recentPosts] = await Promise.all([
      this.repository.dashboardCounts(),
      this.users.newest(DASHBOARD_RECENT),
      this.posts.newest(viewer, DASHBOARD_RECENT),
    ]);
    return { statistics, recentUsers, recentPosts };
  }
}
