import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdempotencyModule } from '../common/idempotency/idempotency.module';
import { MediaModule } from '../media/media.module';
import { UsersModule } from '../users/users.module';
import { EngagementRepository } from './engagement.repository';
import { EngagementService } from './engagement.service';
import { BookmarksController } from './bookmarks.controller';
import { BookmarksService } from './bookmarks.service';
import { PostEditsController } from './post-edits.controller';
import { PostEditsRepository } from './post-edits.repository';
import { PostEditsService } from './post-edits.service';
import { PinsController } from './pins.controller';
import { PinsRepository } from './pins.repository';
import { PinsService } from './pins.service';
import { QuotesController } from './quotes.controller';
import { QuotesService } from './quotes.service';
import { FirstPageCache } from './first-page.cache';
import { FollowingFeedController } from './following-feed.controller';
import { FollowingFeedRepository } from './following-feed.repository';
import { FollowingFeedService } from './following-feed.service';
import { HashtagPostsService, HashtagsController } from './hashtags.controller';
import { HomeFeedRepository } from './home-feed.repository';
import { HomeFeedWriter } from './home-feed.writer';
import { Like } from './like.entity';
import { PostDeletionRepository } from './post-deletion.repository';
import { PostDeletionService } from './post-deletion.service';
import { Post } from './post.entity';
import { RemovedPostsRepository } from './removed-posts.repository';
import { RemovedPostsService } from './removed-posts.service';
import { PostUpdatesService } from './post-updates.service';
import { PostViewsBuffer } from './post-views.buffer';
import { PostsController } from './posts.controller';
import { RankedFeedController } from './ranked-feed.controller';
import { RankedFeedRepository } from './ranked-feed.repository';
import { RankedFeedService } from './ranked-feed.service';
import { PostsRepository } from './posts.repository';
import { PostsService } from './posts.service';
import { Repost } from './repost.entity';
import { SocialModule } from '../social/social.module';

@Module({
  imports: [TypeOrmModule.forFeature([Post, Like, Repost]), UsersModule, IdempotencyModule, SocialModule, MediaModule],
  // FollowingFeedController and RankedFeedController first: `timeline/following` and `timeline/ranked` are registered before PostsController's routes.
  controllers: [FollowingFeedController, RankedFeedController, PostsController, HashtagsController, BookmarksController, PostEditsController, PinsController, QuotesController],
  providers: [
    PostsService,
    HashtagPostsService,
    EngagementService,
    EngagementRepository,
    PostsRepository,
    PostViewsBuffer,
    FirstPageCache,
    BookmarksService,
    PostEditsRepository,
    PostEditsService,
    PinsRepository,
    PinsService,
    QuotesService,
    FollowingFeedRepository,
    FollowingFeedService,
    HomeFeedRepository,
    HomeFeedWriter,
    PostDeletionService,
    PostDeletionRepository,
    PostUpdatesService,
    RemovedPostsRepository,
    RemovedPostsService,
    RankedFeedRepository,
    RankedFeedService,
  ],
  // PostDeletionService: staff deletion (admin/) runs the same delete as the author's;
  // PostUpdatesService: staff changing a post's sensitive mark (admin/) drops the cached page
  // showing it and tells the post's watchers, as an alt text's change does.
  // RemovedPostsService: undoing a post removal (moderation/) brings the archived post back.
  exports: [PostsService, RankedFeedService, EngagementService, PostDeletionService, PostUpdatesService, RemovedPostsService],
})
export class PostsModule {}
