import type { Media, MediaLimits } from '@gundem/contract';
import { BadRequestException, Body, Controller, Get, Param, Patch, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import { ValidateIf, IsString } from 'class-validator';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { UuidPipe } from '../common/pipes/uuid.pipe';
import type { SessionUser } from '../users/session-user';
import { MediaUploadInterceptor } from './media-upload.interceptor';
import { MediaService } from './media.service';
import { MEDIA_ALT_INVALID, MEDIA_EMPTY, MEDIA_FILE_REQUIRED } from './media.texts';

/** PATCH /api/media/:id: `alt` a text (trimmed; empty clears it) or null. Its length is checked by MediaService. */
export class UpdateMediaDto {
  @ValidateIf((dto: UpdateMediaDto) => dto.alt !== null)
  @IsString({ message: MEDIA_ALT_INVALID })
  alt: string | null;
}

/** The bytes of the one file the interceptor read: 400 (counted as refused) when there is none or it is empty. */
export function uploadedBytes(file: Express.Multer.File | undefined, media: MediaService): Buffer {
  if (!file) {
    media.refused();
    throw new BadRequestException(MEDIA_FILE_REQUIRED);
  }
  if (file.size === 0) {
    media.refused();
    throw new BadRequestException(MEDIA_EMPTY);
  }
  return file.buffer;
}

@ApiTags('media')
@ApiBearerAuth()
@Controller('media')
export class MediaController {
  constructor(private readonly media: MediaService) {}

  /**
   * One picture, multipart in the field `file` (members only). Answers the `Media` to put in a
   * post's `mediaIds` within MEDIA_UNATTACHED_TTL_HOURS. 400 no/empty/second file, 413 over
   * `maxFileSize`, 415 not an image type we take, 422 an image we cannot decode or that is over
   * `maxImagePixels`/MEDIA_MAX_FRAMES, 429 over `mediaUploadsPerHour`.
   */
  @Post()
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } })
  @UseInterceptors(MediaUploadInterceptor)
  async upload(@CurrentUser() user: SessionUser, @UploadedFile() file: Express.Multer.File | undefined): Promise<Media> {
    return this.media.upload(user.id, uploadedBytes(file, this.media));
  }

  /** `maxImagesPerPost` and `maxFileSize` as they are now, for the compose box to refuse a picture too many or too big before uploading it (members). */
  @Get('limits')
  limits(): Promise<MediaLimits> {
    return this.media.composeLimits();
  }

  /** The alt text of one's own upload, attached or not (another member's: 404). */
  @Patch(':id')
  setAlt(@Param('id', UuidPipe) id: string, @CurrentUser() user: SessionUser, @Body() dto: UpdateMediaDto): Promise<Media> {
    return this.media.setAlt(user.id, id, dto.alt);
  }
}
