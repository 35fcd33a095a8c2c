import { IsOptional, IsString, IsUUID } from 'class-validator';
import { INVALID_ID } from '../../common/common.texts';
import { POST_EMPTY } from '../posts.texts';

/** Types only: trimming and the length limit are rules of PostsService (the limit becomes a setting). */
export class CreatePostDto {
  @IsString({ message: POST_EMPTY })
  content: string;

  /** Set for a reply. */
  @IsOptional()
  @IsUUID('all', { message: INVALID_ID })
  replyToId?: string;
}
