import type { ConversationsPage, MessagesPage, MessagesUnreadCount, SendMessageResponse } from '@gundem/contract';
import { Body, Controller, Get, Headers, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { ApiIdempotencyKey, IdempotencyKey } from '../common/idempotency/idempotency-key.decorator';
import { PageQueryDto } from '../common/pagination/page-query.dto';
import { UuidPipe } from '../common/pipes/uuid.pipe';
import type { SessionUser } from '../users/session-user';
import { ConversationQueryDto } from './dto/conversation-query.dto';
import { SendMessageDto } from './dto/send-message.dto';
import { MessagesService } from './messages.service';

/** Socket.IO ids are short URL-safe strings; anything else in the header is ignored. */
const SOCKET_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Private messages; every route needs a signed-in member (the global JWT guard). */
@ApiTags('messages')
@ApiBearerAuth()
@Controller('messages')
export class MessagesController {
  constructor(private readonly messages: MessagesService) {}

  /** The viewer's conversations, newest last message first, with unread counts. */
  @Get('conversations')
  conversations(@CurrentUser() viewer: SessionUser, @Query() query: PageQueryDto): Promise<ConversationsPage> {
    return this.messages.conversations(viewer, query);
  }

  /** The viewer's unread messages in every conversation (the Mesajlar badge), at most 1000. */
  @Get('unread-count')
  unreadCount(@CurrentUser() viewer: SessionUser): Promise<MessagesUnreadCount> {
    return this.messages.unreadCount(viewer);
  }

  /** Messages with one member, newest first (`cursor` pages back, `after` fills a gap); marks them read; `seen` is the read receipt. */
  @Get('conversation/:userId')
  conversation(@CurrentUser() viewer: SessionUser, @Param('userId', UuidPipe) userId: string, @Query() query: ConversationQueryDto): Promise<MessagesPage> {
    return this.messages.conversation(viewer, userId.toLowerCase(), query);
  }

  /**
   * Sends a message. `X-Socket-Id` (optional) names the sending tab's socket, which then does
   * not get the `message:new` echo of its own message. `Idempotency-Key` (optional): a retry
   * with the same key answers the first message again (`Idempotent-Replayed: true`) and sends nothing.
   */
  @ApiIdempotencyKey()
  @Post('send')
  async send(
    @CurrentUser() sender: SessionUser,
    @Body() dto: SendMessageDto,
    @IdempotencyKey() key: string | undefined,
    @Res({ passthrough: true }) res: Response,
    @Headers('x-socket-id') socketId?: string,
  ): Promise<SendMessageResponse> {
    const { message, conversation, replayed } = await this.messages.send(sender, dto, socketId && SOCKET_ID.test(socketId) ? socketId : undefined, key);
    if (replayed) res.setHeader('Idempotent-Replayed', 'true');
    return { message, conversation };
  }
}
