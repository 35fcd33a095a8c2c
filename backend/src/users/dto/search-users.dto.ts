import { USER_SEARCH_MAX_LIMIT } from '@gundem/contract';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, Max, Min } from 'class-validator';
import { USER_SEARCH_LIMIT_INVALID, USER_SEARCH_REQUIRED } from '../users.texts';

/**
 * `?q=&limit=` of GET /api/users/search. `q` is trimmed and a leading `@` dropped (`@ayse` is a
 * username typed the way posts write it); empty is a 400 like the post search's. The upper bound
 * is checked in characters by UsersService.
 */
export class SearchUsersDto {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().replace(/^@/, '').trim() : value))
  @IsNotEmpty({ message: USER_SEARCH_REQUIRED })
  @IsString({ message: USER_SEARCH_REQUIRED })
  q: string;

  @IsOptional()
  @Max(USER_SEARCH_MAX_LIMIT, { message: USER_SEARCH_LIMIT_INVALID })
  @Min(1, { message: USER_SEARCH_LIMIT_INVALID })
  @IsInt({ message: USER_SEARCH_LIMIT_INVALID })
  @Type(() => Number)
  limit?: number;
}
