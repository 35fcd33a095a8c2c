import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { UsersModule } from '../users/users.module';
import { AccountActionsController } from './account-actions.controller';
import { AccountActionsRepository } from './account-actions.repository';
import { AccountActionsService } from './account-actions.service';
import { Suspensions } from './suspensions';

/** Staff's graduated actions on accounts (issue 25): warn, sensitive media, suspend, and their undo. */
@Module({
  imports: [UsersModule, AuthModule],
  controllers: [AccountActionsController],
  providers: [AccountActionsRepository, AccountActionsService, Suspensions],
  exports: [AccountActionsService],
})
export class ModerationModule {}
