import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import { User } from '../users/user.entity';
import { toUserResponse, type UserResponse } from '../users/user.response';
import type { TrendingQueryDto } from './dto/trending-query.dto';
import { type HashtagTrend, TrendingRepository } from './trending.repository';

export const DEFAULT_TRENDING_HASHTAGS = 5;
export const DEFAULT_SUGGESTED_USERS = 3;

@Injectable()
export class TrendingService {
  constructor(
    private readonly trending: TrendingRepository,
    @InjectRepository(User) private readonly userRepository: Repository<User>,
  ) {}

  /** Hashtags without `#` (the interface adds it). */
  async hashtags(query: TrendingQueryDto): Promise<{ trends: HashtagTrend[] }> {
    return { trends: await this.trending.hashtags(query.limit ?? DEFAULT_TRENDING_HASHTAGS) };
  }

  /** Who to follow: accounts the viewer does not follow yet, so each has `isFollowing: false`. */
  async users(viewer: Pick<User, 'id'> | undefined, query: TrendingQueryDto): Promise<{ users: UserResponse[] }> {
    const ids = await this.trending.suggestedUserIds(viewer?.id ?? null, query.limit ?? DEFAULT_SUGGESTED_USERS);
    if (!ids.length) return { users: [] };
    const byId = new Map((await this.userRepository.findBy({ id: In(ids) })).map((u) => [u.id, u]));
    const users = ids.flatMap((id) => {
      const user = byId.get(id);
      return user ? [toUserResponse(user, { isFollowing: false })] : [];
    });
    return { users };
  }
}
