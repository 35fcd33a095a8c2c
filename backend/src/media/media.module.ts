import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { FsMediaStorage } from './fs-media-storage';
import { MediaProcessor } from './media-processor';
import { MediaStorage } from './media-storage';
import { MediaController } from './media.controller';
import { MediaRepository } from './media.repository';
import { MediaService } from './media.service';
import { MediaUploadInterceptor } from './media-upload.interceptor';

/**
 * Pictures in posts (issue 24): uploads, their processing and storage, the alt text, the sweep.
 * posts/ attaches uploads to a new post and releases a deleted post's files through MediaService;
 * app.factory mounts the FS driver's files at /media.
 */
@Module({
  controllers: [MediaController],
  providers: [
    MediaRepository,
    MediaService,
    MediaUploadInterceptor,
    { provide: MediaProcessor, useFactory: () => new MediaProcessor() },
    {
      provide: MediaStorage,
      inject: [APP_CONFIG],
      // MEDIA_STORAGE=fs is the only driver (config refuses others); an S3 one would be chosen here.
      useFactory: (config: AppConfig) => new FsMediaStorage(join(config.dataDir, 'media'), config.mediaPublicUrl),
    },
  ],
  exports: [MediaService, MediaStorage],
})
export class MediaModule {}
