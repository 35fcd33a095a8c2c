import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Notification } from './notification.entity';
import { NotificationDigest } from './notification-digest';
import { NotificationGroup } from './notification-group.entity';
import { NotificationsController } from './notifications.controller';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';
import { NotificationsWriter } from './notifications.writer';

/**
 * Notifications (issue 14): written after commit from ActivityEvents (NotificationsWriter),
 * read and marked through NotificationsController, pushed by RealtimeEvents, summed up once a
 * day by e-mail (NotificationDigest). Nothing imports
 * this module: social/ and posts/ publish activities, this module listens.
 */
@Module({
  imports: [TypeOrmModule.forFeature([NotificationGroup, Notification])],
  controllers: [NotificationsController],
  providers: [NotificationsRepository, NotificationsService, NotificationsWriter, NotificationDigest],
  exports: [NotificationsWriter, NotificationDigest],
})
export class NotificationsModule {}
