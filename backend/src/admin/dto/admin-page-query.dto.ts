import type { Pagination } from '@gundem/contract';
import { BadRequestException } from '@nestjs/common';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { MAX_PAGE_SIZE, PAGE_SIZE_INVALID as LIMIT_MESSAGE } from '../../common/common.texts';
import { SEARCH_MAX_LENGTH, SEARCH_TOO_LONG } from '../../posts/posts.texts';
import { PAGE_TOO_DEEP } from '../admin.texts';

const PAGE_MESSAGE = 'Sayfa numarası 1 ya da daha büyük bir tam sayı olmalıdır.';
/** Far beyond any real list; keeps OFFSET arithmetic small. */
const MAX_PAGE = 1_000_000;

/**
 * `?page=&limit=&search=` of the admin lists (docs/wire-contract.md#admin-pages: page numbers, not cursors). The default
 * limit differs per list (users 10, posts 20) and is applied by the service.
 * class-validator runs the lowest decorator first.
 */
export class AdminPageQueryDto {
  @IsOptional()
  @Max(MAX_PAGE, { message: PAGE_MESSAGE })
  @Min(1, { message: PAGE_MESSAGE })
  @IsInt({ message: PAGE_MESSAGE })
  @Type(() => Number)
  page?: number;

  @IsOptional()
  @Max(MAX_PAGE_SIZE, { message: LIMIT_MESSAGE })
  @Min(1, { message: LIMIT_MESSAGE })
  @IsInt({ message: LIMIT_MESSAGE })
  @Type(() => Number)
  limit?: number;

  /** Trimmed; empty means no filter. Length in characters is checked again by the service. */
  @IsOptional()
  @MaxLength(SEARCH_MAX_LENGTH * 2, { message: SEARCH_TOO_LONG })
  @IsString({ message: 'Arama metni geçersiz.' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  search?: string;
}

/**
 * The deepest row a page may start at. OFFSET reads and throws away every row before the page,
 * so page 50,000 of the posts would read a million rows; a back-office reader narrows a list
 * with the search instead of paging that deep.
 */
export const MAX_OFFSET = 10_000;

/** The row a page starts at; 400 beyond MAX_OFFSET. */
export function pageOffset(page: number, limit: number): number {
  const offset = (page - 1) * limit;
  if (offset > MAX_OFFSET) throw new BadRequestException(PAGE_TOO_DEEP);
  return offset;
}

export type { Pagination };

export function pagination(page: number, limit: number, total: { total: number; estimated: boolean }): Pagination {
  const pages = Math.min(Math.ceil(total.total / limit), Math.floor(MAX_OFFSET / limit) + 1);
  return { page, limit, total: total.total, pages: Math.max(1, pages), estimated: total.estimated };
}
