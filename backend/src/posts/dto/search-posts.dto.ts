import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString } from 'class-validator';
import { PageQueryDto } from '../../common/pagination/page-query.dto';
import { SEARCH_REQUIRED } from '../posts.texts';

export class SearchPostsDto extends PageQueryDto {
  /** Trimmed; 1 to 100 characters (the upper bound is checked in characters by PostsService). */
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsNotEmpty({ message: SEARCH_REQUIRED })
  @IsString({ message: SEARCH_REQUIRED })
  q: string;
}
