import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { PostsModule } from '../posts/posts.module';
import { RulesModule } from '../rules/rules.module';
import { UsersModule } from '../users/users.module';
import { AccountActionsController } from './account-actions.controller';
import { AccountActionsRepository } from './account-actions.repository';
import { AccountActionsService } from './account-actions.service';
import { AppealTokens } from './appeal-token';
import { AppealsController } from './appeals.controller';
import { AppealsRepository } from './appeals.repository';
import { AppealsService } from './appeals.service';
import { NoticesController } from './notices.controller';
import { Suspensions } from './suspensions';

/** Staff's graduated actions on accounts (issue 25): warn, sensitive media, suspend, their undo; the member's notices and appeals, staff's appeals queue. */
@Module({
  // PostsModule: undoing a post removal restores the archived post (RemovedPostsService).
  imports: [UsersModule, AuthModule, RulesModule, PostsModule],
  controllers: [AccountActionsController, AppealsController, NoticesController],
  providers: [AccountActionsRepository, AccountActionsService, AppealsRepository, AppealsService, AppealTokens, Suspensions],
  exports: [AccountActionsService],
})
export class ModerationModule {}
