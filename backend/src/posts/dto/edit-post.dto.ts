import type { EditPostMedia, EditPostRequest } from '@gundem/contract';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsObject, IsOptional, IsString, IsUUID, ValidateIf, ValidateNested } from 'class-validator';
import { MEDIA_ALT_INVALID, MEDIA_IDS_INVALID, MEDIA_SENSITIVE_INVALID, mediaTooManyImages } from '../../media/media.texts';
import { POST_EDIT_MEDIA_INVALID, POST_EMPTY } from '../posts.texts';

/** One picture of an edit: an upload's id and, when given, its alt text (null or empty: none). */
export class EditPostMediaDto implements EditPostMedia {
  @IsUUID('all', { message: MEDIA_IDS_INVALID })
  id!: string;

  @IsOptional()
  @ValidateIf((_o, value) => value !== null)
  @IsString({ message: MEDIA_ALT_INVALID })
  alt?: string | null;
}

/**
 * PATCH /api/posts/:id (docs/wire-contract.md#düzenleme): types only. Trimming, the length limit,
 * the pictures' count and the alt text's length are PostEditsService's and MediaService's rules,
 * as for a new post. class-validator runs the lowest decorator first: the type checks sit at the bottom.
 */
export class EditPostDto implements EditPostRequest {
  @IsOptional()
  @IsString({ message: POST_EMPTY })
  content?: string;

  @IsOptional()
  @ValidateNested({ each: true, message: POST_EDIT_MEDIA_INVALID })
  @Type(() => EditPostMediaDto)
  @IsObject({ each: true, message: POST_EDIT_MEDIA_INVALID })
  @ArrayMaxSize(10, { message: mediaTooManyImages(10) })
  @IsArray({ message: POST_EDIT_MEDIA_INVALID })
  media?: EditPostMediaDto[];

  @IsOptional()
  @IsBoolean({ message: MEDIA_SENSITIVE_INVALID })
  sensitive?: boolean;
}
