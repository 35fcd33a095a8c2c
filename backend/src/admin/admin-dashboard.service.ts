import type { Dashboard } from '@gundem/contract';
import { Injectable } from '@nestjs/common';
import type { User } from '../users/user.entity';
import { AdminPostsService } from './admin-posts.service';
import { AdminUsersService } from './admin-users.service';
import { AdminRepository } from './admin.repository';

export const DASHBOARD_RECENT = 5;

/** The contract's dashboard: `statistics` as AdminRepository.dashboardCounts counts them. */
export type { Dashboard };

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
