import type { PostPage, QuotePolicyState } from '@gundem/contract';
import { Body, Controller, Get, Param, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { OptionalAuth } from '../common/decorators/public.decorator';
import { PageQueryDto } from '../common/pagination/page-query.dto';
import { UuidPipe } from '../common/pipes/uuid.pipe';
import type { SessionUser } from '../users/session-user';
import { QUOTE_POLICY_INVALID } from './posts.texts';
import { QuotesService } from './quotes.service';

export class QuotePolicyDto implements QuotePolicyState {
  @IsBoolean({ message: QUOTE_POLICY_INVALID })
  quotable!: boolean;
}

/** Quote posts (docs/wire-contract.md#alıntılar): a post's quotes, and its author's quote policy. */
@ApiTags('posts')
@Controller('posts')
export class QuotesController {
  constructor(private readonly quotes: QuotesService) {}

  /** The post's `Alıntılar`, newest first (keyset pages). */
  @OptionalAuth()
  @Get(':id/quotes')
  list(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: SessionUser | undefined, @Query() query: PageQueryDto): Promise<PostPage> {
    return this.quotes.list(id, viewer?.id ?? null, query);
  }

  /** The author turns quoting of their post on or off (403 for another's post). */
  @ApiBearerAuth()
  @Put(':id/quotable')
  setQuotable(@Param('id', UuidPipe) id: string, @CurrentUser() author: SessionUser, @Body() dto: QuotePolicyDto): Promise<QuotePolicyState> {
    return this.quotes.setQuotable(author.id, id, dto.quotable);
  }
}
