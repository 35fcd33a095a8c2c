import { ArrayMaxSize, IsArray, IsBoolean, IsOptional, IsString, IsUUID } from 'class-validator';
import { INVALID_ID } from '../../common/common.texts';
import { MEDIA_IDS_INVALID, MEDIA_SENSITIVE_INVALID, mediaTooManyImages } from '../../media/media.texts';
import { POST_EMPTY } from '../posts.texts';

/**
 * Types only: trimming and the length limit are rules of PostsService (the limit becomes a setting),
 * and so is `mediaIds`' count (the setting `maxImagesPerPost`; 10 here is the setting's highest).
 */
export class CreatePostDto {
  /** May be empty (or absent) when the post has `mediaIds`. */
  @IsOptional()
  @IsString({ message: POST_EMPTY })
  content?: string;

  /** Set for a reply. */
  @IsOptional()
  @IsUUID('all', { message: INVALID_ID })
  replyToId?: string;

  /** Set for a quote (issue 27): the quoted post, shown as a card in this one. */
  @IsOptional()
  @IsUUID('all', { message: INVALID_ID })
  quoteOfId?: string;

  /** The author's own uploads (POST /api/media), in the order the post shows them. */
  @IsOptional()
  @IsUUID('all', { each: true, message: MEDIA_IDS_INVALID })
  @ArrayMaxSize(10, { message: mediaTooManyImages(10) })
  @IsArray({ message: MEDIA_IDS_INVALID })
  mediaIds?: string[];

  /** The pictures are sensitive: clients show them behind their placeholder until clicked. */
  @IsOptional()
  @IsBoolean({ message: MEDIA_SENSITIVE_INVALID })
  sensitive?: boolean;
}
