import type { Dashboard } from '@gundem/contract';
import { Injectable } from '@nestjs/common';
import { MediaStatsService } from '../media/media-stats.service';
import type { User } from '../users/user.entity';
import { AdminPostsService } from './admin-posts.service';
import { AdminUsersService } from './admin-users.service';
import { AdminRepository } from './admin.repository';

export const DASHBOARD_RECENT = 5;

/** The contract's dashboard: `statistics` as AdminRepository.dashboardCounts counts them, `media` as MediaStatsService last measured it. */
export type { Dashboard };

@Injectable()
export class AdminDashboardService {
  constructor(
    private readonly repository: AdminRepository,
    private readonly users: AdminUsersService,
    private readonly posts: AdminPostsService,
    private readonly media: MediaStatsService,
  ) {}

  async get(viewer: Pick<User, 'id'>): Promise<Dashboard> {
    const [counts, media, recentUsers, recentPosts] = await Promise.all([
      this.repository.dashboardCounts(),
      // The last measured figure (MediaStatsService): the dashboard never waits long for a walk of the store.
      this.media.current(),
      this.users.newest(DASHBOARD_RECENT),
      this.posts.newest(viewer, DASHBOARD_RECENT),
    ]);
    return { statistics: { ...counts, media }, recentUsers, recentPosts };
  }
}
