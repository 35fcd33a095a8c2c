import { MESSAGE_UNREAD_COUNT_CAP, type MessageRefusal, type ReadReceipt } from '@gundem/contract';
import { BadRequestException, ForbiddenException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { MESSAGES_FROM_FOLLOWED_ONLY, MESSAGES_FROM_NOBODY, USER_NOT_FOUND } from '../common/common.texts';
import { IdempotencyService } from '../common/idempotency/idempotency.service';
import { type Cursor, decodeCursor, toPage } from '../common/pagination/cursor';
import { DEFAULT_PAGE_SIZE, type PageQueryDto } from '../common/pagination/page-query.dto';
import { pgErrorCode } from '../database/query-rows';
import { type NewMessage, RealtimeEvents } from '../realtime/realtime-events.service';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import type { ConversationQueryDto } from './dto/conversation-query.dto';
import { type ConversationResponse, type MessageResponse, toConversationUser } from './dto/message.response';
import type { SendMessageDto } from './dto/send-message.dto';
import { type ConversationRow, type MessageRow, MessagesRepository } from './messages.repository';
import { CANNOT_MESSAGE_USER, MESSAGE_NOT_FOUND, NOT_TO_YOURSELF, RECEIVER_NOT_FOUND } from './messages.texts';

/** The 403's Turkish reason for a refused message (a block says no more than that it cannot be sent). */
const REFUSAL_TEXT: Record<MessageRefusal, string> = {
  nobody: MESSAGES_FROM_NOBODY,
  following: MESSAGES_FROM_FOLLOWED_ONLY,
  unavailable: CANNOT_MESSAGE_USER,
};

/** `canMessage` and, when false, `messageRefusal`, as the conversation page and the profile carry them. */
function permission(refusal: MessageRefusal | null): { canMessage: boolean; messageRefusal?: MessageRefusal } {
  return refusal ? { canMessage: false, messageRefusal: refusal } : { canMessage: true };
}

function toMessageResponse(row: MessageRow, viewerId: string): MessageResponse {
  return { id: row.id, text: row.text, timestamp: row.createdAt.toISOString(), isOwn: row.senderId === viewerId };
}

function toConversationResponse(row: ConversationRow, viewerId: string): ConversationResponse {
  return {
    id: row.otherId,
    user: toConversationUser({ id: row.otherId, displayName: row.displayName, username: row.username, isVerified: row.isVerified, profileImage: row.profileImage }),
    lastMessage: {
      text: row.last.text,
      timestamp: row.last.createdAt.toISOString(),
      isRead: row.last.senderId === viewerId || row.last.readAt !== null,
    },
    unreadCount: row.unreadCount,
  };
}

/**
 * Private messages between two members. Every read is scoped to the viewer: a member sees only
 * conversations they are part of. Realtime events go out after the insert has committed.
 */
@Injectable()
export class MessagesService {
  private readonly logger = new Logger('Messages');

  constructor(
    private readonly repo: MessagesRepository,
    private readonly users: UsersService,
    private readonly realtime: RealtimeEvents,
    private readonly idempotency: IdempotencyService,
  ) {}

  async conversations(viewer: Pick<User, 'id'>, query: PageQueryDto): Promise<{ conversations: ConversationResponse[]; nextCursor: string | null }> {
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const rows = await this.repo.conversations(viewer.id, { limit, cursor: decodeCursor(query.cursor) });
    const page = toPage(rows, limit, (row) => row.last.cursor);
    return { conversations: page.items.map((row) => toConversationResponse(row, viewer.id)), nextCursor: page.nextCursor };
  }

  /**
   * A page of the conversation with `otherId`, newest first; marks what they sent the viewer as
   * read and, when that changed anything, pushes `message:read` to both members' connections
   * (the sender's `Görüldü`, the reader's other tabs). `seen`: whether the other member has read
   * the viewer's newest message to them.
   */
  async conversation(
    viewer: Pick<User, 'id'>,
    otherId: string,
    query: ConversationQueryDto,
  ): Promise<{ messages: MessageResponse[]; nextCursor: string | null; seen: ReadReceipt | null; canMessage: boolean; messageRefusal?: MessageRefusal }> {
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const cursor = decodeCursor(query.cursor);
    // Whether the viewer may write to them now (a block, their `allowMessages`): the composer says so before they type.
    const refusal = otherId === viewer.id ? null : await this.users.messageRefusal(viewer.id, otherId);
    if (refusal === undefined) throw new NotFoundException(USER_NOT_FOUND);
    const may = permission(refusal);
    // A block, either way, hides the thread from both (an empty one: the blocked member is not told).
    if (refusal === 'unavailable') return { messages: [], nextCursor: null, seen: null, ...may };
    let after: Cursor | undefined;
    if (query.after) {
      after = await this.repo.positionInConversation(viewer.id, otherId, query.after);
      if (!after) throw new NotFoundException(MESSAGE_NOT_FOUND);
    }
    const rows = await this.repo.page(viewer.id, otherId, { limit, cursor, after });
    let seen: ReadReceipt | null = null;
    if (otherId !== viewer.id) {
      const marked = await this.repo.markRead(viewer.id, otherId);
      if (marked) {
        // The UPDATE has committed (one statement): announce it with the reader's new total.
        const totalUnread = await this.repo.unreadTotal(viewer.id, MESSAGE_UNREAD_COUNT_CAP);
        this.realtime.messageRead({ readerId: viewer.id, senderId: otherId, messageId: marked.lastId, readAt: marked.readAt.toISOString(), totalUnread });
      }
      const last = await this.repo.lastSent(viewer.id, otherId);
      if (last?.readAt) seen = { messageId: last.id, readAt: last.readAt.toISOString() };
    }
    const page = toPage(rows, limit, (row) => row.cursor);
    return { messages: page.items.map((row) => toMessageResponse(row, viewer.id)), nextCursor: page.nextCursor, seen, ...may };
  }

  /** The member's unread messages in every conversation (the Mesajlar badge), at most MESSAGE_UNREAD_COUNT_CAP. */
  async unreadCount(viewer: Pick<User, 'id'>): Promise<{ count: number }> {
    return { count: await this.repo.unreadTotal(viewer.id, MESSAGE_UNREAD_COUNT_CAP) };
  }

  /**
   * With an `idempotencyKey` the insert, the unread counts and the key's stored answer share one
   * transaction (IdempotencyService): a retry answers the first `{ message, conversation }` and
   * sends nothing (no second message, no second `message:new`).
   */
  async send(
    sender: Pick<User, 'id' | 'username' | 'displayName' | 'isVerified'>,
    dto: SendMessageDto,
    senderSocketId?: string,
    idempotencyKey?: string,
  ): Promise<{ message: MessageResponse; conversation: ConversationResponse; replayed: boolean }> {
    const receiverId = dto.receiverId.toLowerCase();
    if (receiverId === sender.id) throw new BadRequestException(NOT_TO_YOURSELF);
    const request = idempotencyKey
      ? { userId: sender.id, key: idempotencyKey, route: 'messages.send', body: { receiverId, content: dto.content } }
      : undefined;
    const outcome = await this.idempotency.run(request, async (db) => {
      // Inside: a retry answers what was sent even if the receiver has since been deactivated.
      // The sender's row too, for the avatar on the receiver's conversation (the session holds none): two primary-key reads at once.
      const [receiver, senderRow] = await Promise.all([this.users.findById(receiverId), this.users.findById(sender.id)]);
      if (!receiver || !receiver.isActive) throw new NotFoundException(RECEIVER_NOT_FOUND);
      // A block either way, or the receiver's `allowMessages` (everyone, the accounts they follow,
      // nobody): the same rule for a first message and for one more in an existing conversation.
      const refusal = await this.users.messageRefusal(sender.id, receiver.id);
      if (refusal) throw new ForbiddenException({ message: REFUSAL_TEXT[refusal], extra: { messageRefusal: refusal } });
      let row: MessageRow;
      try {
        row = await this.repo.insert(sender.id, receiver.id, dto.content, db);
      } catch (error) {
        // The receiver was deleted between the check and the insert.
        if (pgErrorCode(error) === '23503') throw new NotFoundException(RECEIVER_NOT_FOUND);
        throw error;
      }
      const unread = await this.repo.unreadBetween(sender.id, receiver.id, db);
      const timestamp = row.createdAt.toISOString();
      const conversations = {
        sender: {
          id: receiver.id,
          user: toConversationUser(receiver),
          lastMessage: { text: row.text, timestamp, isRead: true },
          unreadCount: unread.toA,
        },
        receiver: {
          id: sender.id,
          user: toConversationUser({ ...sender, profileImage: senderRow?.profileImage ?? null }),
          lastMessage: { text: row.text, timestamp, isRead: false },
          unreadCount: unread.toB,
        },
      };
      return {
        status: 201,
        body: { message: toMessageResponse(row, sender.id), conversation: conversations.sender },
        // Announced once committed, never for a replay.
        afterCommit: () =>
          void this.announce({ id: row.id, text: row.text, timestamp, senderId: sender.id, receiverId: receiver.id }, conversations, senderSocketId),
      };
    });
    return { ...outcome.body, replayed: outcome.replayed };
  }

  /**
   * `message:new` to both members, the receiver's with their unread total (none when they
   * switched message notifications off). The total is read
   * after the commit, so it counts this message and every other one committed before it (read
   * inside the transaction, two messages sent to one member at once could each miss the other).
   * If that read fails, the event goes out without it.
   */
  private async announce(message: NewMessage, conversations: { sender: ConversationResponse; receiver: ConversationResponse }, senderSocketId?: string): Promise<void> {
    let totalUnread: number | undefined;
    try {
      // Null: the receiver switched message notifications off; the message still goes out.
      totalUnread = (await this.repo.unreadTotalToPush(message.receiverId, MESSAGE_UNREAD_COUNT_CAP)) ?? undefined;
    } catch (error) {
      this.logger.warn(`Okunmamış mesaj sayısı okunamadı: ${String(error)}`);
    }
    this.realtime.messageNew(message, conversations, senderSocketId, totalUnread);
  }
}
