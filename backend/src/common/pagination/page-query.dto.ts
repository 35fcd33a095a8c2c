import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { INVALID_CURSOR, MAX_PAGE_SIZE, PAGE_SIZE_INVALID as LIMIT_MESSAGE } from '../common.texts';

export const DEFAULT_PAGE_SIZE = 20;
export { MAX_PAGE_SIZE };

/** `?limit=&cursor=` of every list that can grow (docs/wire-contract.md#keyset-cursors). Lowest decorator runs first. */
export class PageQueryDto {
  @IsOptional()
  @Max(MAX_PAGE_SIZE, { message: LIMIT_MESSAGE })
  @Min(1, { message: LIMIT_MESSAGE })
  @IsInt({ message: LIMIT_MESSAGE })
  @Type(() => Number)
  limit?: number;

  @IsOptional()
  @MaxLength(200, { message: INVALID_CURSOR })
  @IsString({ message: INVALID_CURSOR })
  cursor?: string;
}
