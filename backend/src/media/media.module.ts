import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { FsMediaStorage } from './storage/fs-media-storage';
import { MediaProcessor } from './media-processor';
import { MediaStorage } from './storage/media-storage';
import { S3MediaStorage } from './storage/s3-storage';
import { MediaController } from './media.controller';
import { MediaRepository } from './media.repository';
import { MediaStatsRepository } from './media-stats.repository';
import { MediaStatsService } from './media-stats.service';
import { MediaService } from './media.service';
import { MediaUploadInterceptor } from './media-upload.interceptor';
import { ProfileImagesController } from './profile-images.controller';
import { ProfileImagesService } from './profile-images.service';
import { UsersModule } from '../users/users.module';

/**
 * Pictures in posts (issue 24): uploads, their processing and storage, the alt text, the sweep,
 * the storage's totals for the back-office dashboard (MediaStatsService);
 * and a member's avatar and profile header (PUT/DELETE /api/users/me/avatar|header).
 * posts/ attaches uploads to a new post and releases a deleted post's files through MediaService;
 * app.factory mounts the FS driver's files at /media.
 */
@Module({
  imports: [UsersModule],
  controllers: [MediaController, ProfileImagesController],
  providers: [
    MediaRepository,
    MediaService,
    MediaStatsRepository,
    MediaStatsService,
    MediaUploadInterceptor,
    ProfileImagesService,
    { provide: MediaProcessor, useFactory: () => new MediaProcessor() },
    {
      provide: MediaStorage,
      inject: [APP_CONFIG],
      // MEDIA_STORAGE: files in MEDIA_DIR (served at /media by app.factory), or an S3-compatible bucket.
      useFactory: (config: AppConfig) =>
        config.media.s3 ? new S3MediaStorage(config.media.s3) : new FsMediaStorage(config.media.dir, config.media.publicUrl),
    },
  ],
  exports: [MediaService, MediaStatsService, MediaStorage],
})
export class MediaModule {}
