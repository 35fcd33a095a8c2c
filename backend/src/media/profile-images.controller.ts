import type { MeResponse } from '@gundem/contract';
import { Controller, Delete, Put, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, type ApiBodyOptions, ApiConsumes, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import type { SessionUser } from '../users/session-user';
import { uploadedBytes } from './media.controller';
import { MediaUploadInterceptor } from './media-upload.interceptor';
import { MediaService } from './media.service';
import { ProfileImagesService } from './profile-images.service';

const FILE_BODY: ApiBodyOptions = { schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } };

/**
 * The member's avatar and profile header (members only). PUT takes one picture, multipart in the
 * field `file`, with the refusals of POST /api/media (400, 413, 415, 422, 429: it counts in the
 * same hourly budget); DELETE goes back to the initial letter / no header. Each answers the member
 * as GET /api/auth/me does.
 */
@ApiTags('users')
@ApiBearerAuth()
@Controller('users/me')
export class ProfileImagesController {
  constructor(
    private readonly images: ProfileImagesService,
    private readonly media: MediaService,
  ) {}

  /** Cropped square at its centre, PROFILE_AVATAR_SIZE px, WebP. */
  @Put('avatar')
  @ApiConsumes('multipart/form-data')
  @ApiBody(FILE_BODY)
  @UseInterceptors(MediaUploadInterceptor)
  setAvatar(@CurrentUser() user: SessionUser, @UploadedFile() file: Express.Multer.File | undefined): Promise<MeResponse> {
    return this.images.set(user.id, 'avatar', uploadedBytes(file, this.media));
  }

  @Delete('avatar')
  removeAvatar(@CurrentUser() user: SessionUser): Promise<MeResponse> {
    return this.images.remove(user.id, 'avatar');
  }

  /** Cropped 3:1 at its centre, PROFILE_HEADER_WIDTH × PROFILE_HEADER_HEIGHT px, WebP. */
  @Put('header')
  @ApiConsumes('multipart/form-data')
  @ApiBody(FILE_BODY)
  @UseInterceptors(MediaUploadInterceptor)
  setHeader(@CurrentUser() user: SessionUser, @UploadedFile() file: Express.Multer.File | undefined): Promise<MeResponse> {
    return this.images.set(user.id, 'header', uploadedBytes(file, this.media));
  }

  @Delete('header')
  removeHeader(@CurrentUser() user: SessionUser): Promise<MeResponse> {
    return this.images.remove(user.id, 'header');
  }
}
