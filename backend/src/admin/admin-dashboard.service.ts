import type { Dashboard } from '@gundem/contract';
import { Injectable } from '@nestjs/common';
import { MediaService } from '../media/media.service';
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
    private readonly media: MediaService,
  ) {}

  async get(viewer: Pick<User, 'id'>): Promise<Dashboard> {
    const [counts, media, recentUsers, recentPosts] = await Promise.all([
      this.repository.dashboardCounts(),
      this.media.stats(),
      this.users.newest(DASHBOARD_RECENT),
      this.posts.newest(viewer, DASHBOARD_RECENT),
    ]);
    return { statistics: { ...counts, media }, recentUsers, recentPosts };
  }
}
