import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { Conversation, NotificationNewEvent, NotificationReadEvent, Post, PostEngagementEvent, PostEditedEvent, PostUpdatedEvent, PreferencesUpdatedEvent, User } from '@gundem/contract';
import { type EmittedEvent, Metrics } from '../common/metrics/metrics';
import { authorRoom, type EngagementCounts, feedRoom, followingRoom, homeRoom, postRoom, type RealtimeServer, STAFF_ROOM, userRoom } from './realtime.types';

/** Changes to one post within this window after an emitted event merge into one trailing event. */
export const ENGAGEMENT_COALESCE_MS = 100;

/**
 * After `postDeleted`, engagement changes of that post are dropped on this node for this long: a
 * like or reply that committed just before the delete may still be on its way to postEngagement.
 */
export const DELETED_POST_QUIET_MS = 5_000;

/**
 * `notification:new` of one member within this window after an emitted one merge into one
 * trailing event (the newest state), like post:engagement: a post liked 50 times a second costs
 * its author's tabs at most ten events a second.
 */
export const NOTIFICATION_COALESCE_MS = 100;

/** New posts created on this node within this window go out as one `post:new` batch. */
export const NEW_POSTS_FLUSH_MS = 1_000;

/**
 * A batch this large goes out at once, before its second is up: one frame stays a few hundred
 * KB at most, far below the slow-consumer limit, even when one node takes thousands of posts a second.
 */
export const NEW_POSTS_MAX_BATCH = 200;

/** `operator` without the connections in `rooms` (as it is when there are none). */
function without<T extends { except(rooms: string[]): T }>(operator: T, rooms: string[]): T {
  return rooms.length ? operator.except(rooms) : operator;
}

/**
 * For a push batch (MutesService.pushExclusions): per account, the members it must not reach
 * because of a block (either way) or a mute of that account; per post id, the members with a
 * muted word the post's text matches.
 */
export type BlockLookup = (
  userIds: string[],
  posts: Array<{ id: string; searchText: string }>,
) => Promise<{ byAuthor: Map<string, string[]>; byPost: Map<string, string[]> }>;

/** What a push batch must not reach: a post's members to leave out (author's, reposter's and its words'). */
type Exclusions = (post: Post) => Set<string>;

/** A pushed post's text as posts.search_text holds it (content and tags, lowercased the Turkish way). */
function searchTextOf(post: Post): string {
  return [post.content, ...(post.hashtags ?? []).map((tag) => `#${tag}`)].join('\n').normalize('NFC').toLocaleLowerCase('tr-TR');
}

/**
 * Of some accounts, the limited ones (the `limit` account action, moderation/), each with its
 * followers: who besides the account itself may get its posts in the everyone feed.
 */
export type LimitLookup = (userIds: string[]) => Promise<Map<string, string[]>>;

/** What `messageNew` needs of a stored message. */
export interface NewMessage {
  id: string;
  text: string;
  timestamp: string;
  senderId: string;
  receiverId: string;
}

interface EngagementWindow {
  timer: NodeJS.Timeout;
  /** The highest version emitted or pending in this window: an older change is dropped. */
  version: number;
  /** Newest counts (highest version) seen since the window opened; emitted when it closes. */
  pending?: EngagementCounts;
}

/**
 * The one way domain code pushes live events to clients (docs/wire-contract.md#socketio).
 *
 * - Call these only AFTER the transaction that made the change has COMMITTED: a client that
 *   reacts to an event by fetching must find the change, and a rolled-back change must never
 *   have been announced.
 * - They never throw and never wait: delivery is best effort (a failed emit, e.g. Redis away,
 *   is logged and dropped), so the caller's request is never slowed or failed by it. Clients
 *   fill gaps by refetching after a reconnect.
 * - With REDIS_URL set, every emit reaches the matching connections on every node.
 * - Post ids are lowercased, as `posts:watch` lowercases the rooms it joins (a route may have
 *   been called with an uppercase UUID).
 */
@Injectable()
export class RealtimeEvents implements OnModuleDestroy {
  private readonly logger = new Logger('Realtime');
  private server?: RealtimeServer;
  private readonly windows = new Map<string, EngagementWindow>();
  /** Recently deleted posts (see DELETED_POST_QUIET_MS), each with the timer that forgets it. */
  private readonly deleted = new Map<string, NodeJS.Timeout>();
  /** Posts created on this node since the last `post:new` flush, oldest first. */
  private newPosts: Post[] = [];
  /** Repost items (`repostedBy`) made on this node since the last flush, oldest first: `following` feeds only. */
  private newReposts: Post[] = [];
  private newPostsTimer?: NodeJS.Timeout;
  /** Open `notification:new` windows by recipient, each with the newest event still to send. */
  private readonly notificationWindows = new Map<string, { timer: NodeJS.Timeout; pending?: NotificationNewEvent }>();
  private lastFailureLog = 0;
  private blocks?: BlockLookup;
  private limits?: LimitLookup;
  private protections?: LimitLookup;

  constructor(private readonly metrics: Metrics) {}

  /**
   * Set by the gateway: from then on `post:new` and `post:reply` never reach a member who blocks
   * the post's author or is blocked by them, who mutes the author (or a repost's reposter), or
   * whose muted words the post matches (issue 25). One read per push batch.
   */
  useBlocks(lookup: BlockLookup): void {
    this.blocks = lookup;
  }

  /**
   * Set by moderation/: from then on a limited account's posts go out in `post:new` of the home
   * feed (the everyone timeline) only to its followers and itself. One read per push batch.
   */
  useLimits(lookup: LimitLookup): void {
    this.limits = lookup;
  }

  /**
   * Set by the gateway (social/FollowRequestsService): from then on a protected account's posts
   * (issue 26) go out in `post:new` of the home feed only to its followers and itself, as a
   * limited account's do, and its replies' `post:reply` only to their own rooms (the post's other watchers get none).
   */
  useProtected(lookup: LimitLookup): void {
    this.protections = lookup;
  }

  /** Called by the gateway once the Socket.IO server exists; until then emits are no-ops. */
  attach(server: RealtimeServer): void {
    this.server = server;
  }

  /**
   * `post:engagement` to the post's watchers with ABSOLUTE counts and their version. The first
   * change goes out at once; further changes within ENGAGEMENT_COALESCE_MS merge into one
   * trailing event carrying the NEWEST counts (highest version: requests finish in any order, so
   * the last call need not carry the last commit), so a post that is liked 50 times a second
   * costs its watchers at most ten events a second. A change not newer than what the window
   * already emitted or holds is dropped. Coalescing is per node: events of two nodes still
   * interleave, and the client keeps the highest version. Ignored for a post deleted moments ago.
   */
  postEngagement(id: string, counts: EngagementCounts): void {
    const postId = id.toLowerCase();
    if (this.deleted.has(postId)) return;
    const snapshot: EngagementCounts = { likeCount: counts.likeCount, repostCount: counts.repostCount, replyCount: counts.replyCount, quoteCount: counts.quoteCount, version: counts.version };
    const open = this.windows.get(postId);
    if (open) {
      if (snapshot.version <= open.version) return;
      open.version = snapshot.version;
      open.pending = snapshot;
      return;
    }
    this.emitEngagement(postId, snapshot);
    this.openWindow(postId, snapshot.version);
  }

  /**
   * `post:deleted` `{ postId }` to the post's watchers (and, for a reply, to its original's), once the delete has committed. Drops a
   * trailing `post:engagement` still pending for the post on this node and ignores its
   * engagement changes for DELETED_POST_QUIET_MS, so watchers here get no counts for a post that
   * is gone. (Another node may still send one it had pending: a client should drop engagement
   * for a post it saw deleted.)
   */
  postDeleted(id: string, parentId?: string | null): void {
    const postId = id.toLowerCase();
    const parent = parentId?.toLowerCase();
    const open = this.windows.get(postId);
    if (open) clearTimeout(open.timer);
    this.windows.delete(postId);
    clearTimeout(this.deleted.get(postId));
    const forget = setTimeout(() => this.deleted.delete(postId), DELETED_POST_QUIET_MS);
    forget.unref();
    this.deleted.set(postId, forget);
    // A deleted reply also goes to the watchers of its original (its open page lists the reply,
    // which may be off screen and so unwatched); a connection in both rooms gets it once.
    const rooms = parent ? [postRoom(postId), postRoom(parent)] : postRoom(postId);
    this.emit('post:deleted', (server) => server.to(rooms).emit('post:deleted', { postId }));
  }

  /**
   * `post:updated` `{ postId, media, sensitive }` to the post's watchers, once a change of its
   * pictures has committed (staff set or cleared `sensitive`, its author edited an alt text): the
   * post's whole `media` and `sensitive` as a guest sees them now, which a client overwrites. Not
   * coalesced: such changes are made by hand, one at a time. Ignored for a post deleted moments ago.
   */
  postUpdated(id: string, update: Omit<PostUpdatedEvent, 'postId'>): void {
    const postId = id.toLowerCase();
    if (this.deleted.has(postId)) return;
    const event: PostUpdatedEvent = { postId, media: update.media, sensitive: update.sensitive };
    this.emit('post:updated', (server) => server.to(postRoom(postId)).emit('post:updated', event));
  }

  /**
   * `post:edited` to the post's watchers, once its author's edit has committed (issue 27): the
   * post's text and what follows from it, its pictures and mark, as a guest sees them now; a
   * client keeps the copy with the newer `editedAt`. The post's room already holds only those who
   * may see it (blocks and protected accounts, RealtimeGateway). Not coalesced: edits are made by
   * hand. Ignored for a post deleted moments ago.
   */
  postEdited(event: PostEditedEvent): void {
    const postId = event.postId.toLowerCase();
    if (this.deleted.has(postId)) return;
    const payload: PostEditedEvent = { ...event, postId };
    this.emit('post:edited', (server) => server.to(postRoom(postId)).emit('post:edited', payload));
  }

  /**
   * `post:reply` `{ postId, reply }` to the watchers of the replied-to post `parentId`, once the
   * reply has committed: an open page of the original adds the reply to its list without a
   * refetch. `reply` is the post object as a guest sees it (no viewer flags; nobody has liked a
   * post that was just created). Not coalesced: every reply is a new item, not a newer state.
   */
  postReply(parentId: string, reply: Post): void {
    const postId = parentId.toLowerCase();
    if (this.deleted.has(postId)) return;
    const send = (except: string[]) =>
      this.emit('post:reply', (server) => without(server.to(postRoom(postId)), except.map(userRoom)).emit('post:reply', { postId, reply }));
    if (!this.blocks && !this.protections) return send([]);
    void Promise.all([this.separated([reply]), this.protectedAudiences([reply.userId])]).then(([excluded, guarded]) => {
      if (!excluded || !guarded) return;
      const audience = reply.userId ? guarded.get(reply.userId.toLowerCase()) : undefined;
      if (!audience) return send([...excluded(reply)]);
      // A protected author's reply (issue 26): only to its followers and itself, each in their own
      // room (a client that does not show the post ignores it), never to the post's other watchers.
      const allowed = [...audience].filter((member) => !excluded(reply).has(member));
      if (allowed.length) this.emit('post:reply', (server) => server.to(allowed.map(userRoom)).emit('post:reply', { postId, reply }));
    });
  }

  /**
   * Who each post of a batch must not reach (lowercased ids), or undefined when that could not be
   * read: the push is then dropped (never sent to a member it must not reach; clients fill gaps
   * by refetching).
   */
  private async separated(posts: Post[]): Promise<Exclusions | undefined> {
    // A quote (issue 27) carries its quoted post's card: a member blocked with either author is left out.
    const authorOf = (post: Post) => [post.userId, post.repostedBy?.id, post.quote?.post?.userId].filter((a): a is string => !!a).map((a) => a.toLowerCase());
    const ids = [...new Set(posts.flatMap(authorOf))];
    if (!this.blocks || !ids.length) return () => new Set();
    try {
      const found = await this.blocks(
        ids,
        posts.map((p) => ({ id: p.id.toLowerCase(), searchText: searchTextOf(p) })),
      );
      const lower = (list: string[] | undefined) => (list ?? []).map((o) => o.toLowerCase());
      const byAuthor = new Map([...found.byAuthor].map(([id, others]) => [id.toLowerCase(), lower(others)]));
      const byPost = new Map([...found.byPost].map(([id, others]) => [id.toLowerCase(), lower(others)]));
      return (post) => new Set([...authorOf(post).flatMap((a) => byAuthor.get(a) ?? []), ...(byPost.get(post.id.toLowerCase()) ?? [])]);
    } catch (error) {
      this.logger.warn(`Engellemeler okunamadı, anlık gönderiler atlandı: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }

  /**
   * Queues a created post (the post object of docs/wire-contract.md#post-object as a guest sees it) for `post:new`. The
   * posts of this node go out once per NEW_POSTS_FLUSH_MS as ONE event `{ post, posts }` to the
   * room `feed:home` (connections showing the home feed, which can contain any post), never to
   * every connection: at 10k connections and 250 posts/s that would be 2.5M frames a second.
   * The window opens with the first post, so a post waits at most a second.
   */
  postNew(post: Post): void {
    if (!this.server) return;
    this.newPosts.push(post);
    this.scheduleNewPosts();
  }

  /**
   * Queues a new repost, as the `Takip edilenler` feed item (the post as a guest sees it, with
   * `repostedBy` and `repostedAt`), for the same flush as `postNew`: it goes with `feed:
   * "following"` to the reposter's room `author:<reposter>` (the connections showing the
   * `following` feed of their followers and their own), never to `feed:home`, whose list has
   * no repost items.
   */
  repostNew(item: Post): void {
    if (!this.server || !item.repostedBy?.id) return;
    this.newReposts.push(item);
    this.scheduleNewPosts();
  }

  private scheduleNewPosts(): void {
    if (this.newPosts.length + this.newReposts.length >= NEW_POSTS_MAX_BATCH) {
      this.flushNewPosts();
      return;
    }
    if (this.newPostsTimer) return;
    this.newPostsTimer = setTimeout(() => this.flushNewPosts(), NEW_POSTS_FLUSH_MS);
    this.newPostsTimer.unref();
  }

  /**
   * `repost:removed` `{ postId, userId }` to the connections showing the `following` feed of
   * `userId`'s followers and their own (room `author:<userId>`), once the unrepost has committed:
   * the item "X yeniden paylaştı" goes away. post:engagement cannot say who took it back.
   */
  repostRemoved(postId: string, userId: string): void {
    const event = { postId: postId.toLowerCase(), userId: userId.toLowerCase() };
    this.emit('repost:removed', (server) => server.to(authorRoom(event.userId)).emit('repost:removed', event));
  }

  /**
   * A follow (`active`) or unfollow committed: the follower's connections showing their
   * `following` feed join or leave the followee's author room, on every node, so the pill counts
   * the new account's posts at once (and stops counting the old one's).
   */
  followChanged(followerId: string, followeeId: string, active: boolean): void {
    this.emit('room', (server) => {
      const connections = server.in(followingRoom(followerId.toLowerCase()));
      const room = authorRoom(followeeId.toLowerCase());
      if (active) connections.socketsJoin(room);
      else connections.socketsLeave(room);
    });
  }

  /**
   * `message:new` to the receiver's connections (`isOwn: false`) and to the sender's
   * (`isOwn: true`), each with the conversation as that side sees it. `exceptSocketId` is the
   * sender's tab that sent it (it has the message from the HTTP answer already).
   */
  messageNew(message: NewMessage, conversations: { sender: Conversation; receiver: Conversation }, exceptSocketId?: string, totalUnread?: number): void {
    const body = { id: message.id, text: message.text, timestamp: message.timestamp };
    this.emit('message:new', (server) => {
      const toReceiver = { message: { ...body, isOwn: false }, conversation: conversations.receiver };
      server.to(userRoom(message.receiverId)).emit('message:new', totalUnread === undefined ? toReceiver : { ...toReceiver, totalUnread });
      const own = server.to(userRoom(message.senderId));
      (exceptSocketId ? own.except(exceptSocketId) : own).emit('message:new', { message: { ...body, isOwn: true }, conversation: conversations.sender });
    });
  }

  /**
   * `message:read` once the reader's conversation has been marked read (committed): to every
   * connection of the sender (`byViewer: false`: their `Görüldü`) and of the reader
   * (`byViewer: true`, with the reader's unread total: their other tabs clear the conversation's
   * badge and the nav badge), on every node.
   */
  messageRead(read: { readerId: string; senderId: string; messageId: string; readAt: string; totalUnread: number }): void {
    const { messageId, readAt } = read;
    this.emit('message:read', (server) => {
      server.to(userRoom(read.senderId)).emit('message:read', { conversationId: read.readerId, messageId, readAt, byViewer: false });
      server.to(userRoom(read.readerId)).emit('message:read', { conversationId: read.senderId, messageId, readAt, byViewer: true, totalUnread: read.totalUnread });
    });
  }

  /**
   * `profile:updated` `{ user }` to every connection of the member (room `user:<id>`, every node)
   * once their profile change has committed: the public user object, so their other tabs show the
   * new name, bio, location, website and pictures. Nobody else's connections get it; others see
   * the change at their next read.
   */
  profileUpdated(user: User): void {
    this.emit('profile:updated', (server) => server.to(userRoom(user.id.toLowerCase())).emit('profile:updated', { user }));
  }

  /**
   * `message:typing` `{ from }` to every connection of `to` (every node): `from` is typing to
   * them. The caller has checked that the two may talk and rate-limited the connection.
   */
  messageTyping(from: string, to: string): void {
    this.emit('message:typing', (server) => server.to(userRoom(to)).emit('message:typing', { from }));
  }

  /**
   * `notification:new` to every connection of the recipient (room `user:<id>`, every node), once
   * the notification is stored, with the ABSOLUTE unread count. The first goes out at once;
   * further ones within NOTIFICATION_COALESCE_MS merge into one trailing event carrying the
   * newest (the caller computes them in commit order on this node, so the last call is the
   * newest). A client overwrites its badge and refetches its first page if it wants the list.
   */
  notificationNew(recipientId: string, event: NotificationNewEvent): void {
    const userId = recipientId.toLowerCase();
    const open = this.notificationWindows.get(userId);
    if (open) {
      open.pending = event;
      return;
    }
    this.emitNotification(userId, event);
    this.openNotificationWindow(userId);
  }

  /**
   * `notification:read` `{ unreadCount, … }` to every connection of the member: marked read on
   * one tab, the badge clears on all; or a pending notification was withdrawn (an unlike).
   * A `notification:new` still pending for the member is sent first, as it was, so events keep their
   * order and the last word on the badge is this count.
   */
  notificationRead(userId: string, event: NotificationReadEvent): void {
    const id = userId.toLowerCase();
    const open = this.notificationWindows.get(id);
    if (open?.pending) {
      this.emitNotification(id, open.pending);
      open.pending = undefined;
    }
    this.emit('notification:read', (server) => server.to(userRoom(id)).emit('notification:read', event));
  }

  /** `follow-requests:count` `{ count }` to every connection of the (protected) member: the `Takip istekleri` badge (issue 26). */
  followRequestsCount(memberId: string, count: number): void {
    this.emit('follow-requests:count', (server) => server.to(userRoom(memberId.toLowerCase())).emit('follow-requests:count', { count }));
  }

  /** `follow-request:approved` `{ userId, username }` to every connection of the requester: the protected account approved them. */
  followRequestApproved(requesterId: string, event: { userId: string; username: string }): void {
    this.emit('follow-request:approved', (server) => server.to(userRoom(requesterId.toLowerCase())).emit('follow-request:approved', event));
  }

  /**
   * `preferences:updated` (the whole settings object as saved) to every connection of the member
   * on every node but `exceptSocketId` (the tab that saved it and has the answer).
   */
  preferencesUpdated(userId: string, preferences: PreferencesUpdatedEvent, exceptSocketId?: string): void {
    this.emit('preferences:updated', (server) => {
      const own = server.to(userRoom(userId.toLowerCase()));
      (exceptSocketId ? own.except(exceptSocketId) : own).emit('preferences:updated', preferences);
    });
  }

  /** `reports:open` `{ open }` to every staff connection on every node: the back office's badge. */
  reportsOpen(open: number): void {
    this.emit('reports:open', (server) => server.to(STAFF_ROOM).emit('reports:open', { open }));
  }

  /**
   * Disconnects every connection of the user on every node (e.g. when an account is
   * deactivated). Local ones go at once even if Redis is away; the others through the adapter.
   */
  disconnectUser(userId: string): void {
    this.emit('disconnect', (server) => {
      server.local.in(userRoom(userId)).disconnectSockets(true);
      server.in(userRoom(userId)).disconnectSockets(true);
    });
  }

  onModuleDestroy(): void {
    clearTimeout(this.newPostsTimer);
    this.newPostsTimer = undefined;
    this.newPosts = [];
    this.newReposts = [];
    for (const window of this.windows.values()) clearTimeout(window.timer);
    this.windows.clear();
    for (const timer of this.deleted.values()) clearTimeout(timer);
    this.deleted.clear();
    for (const window of this.notificationWindows.values()) clearTimeout(window.timer);
    this.notificationWindows.clear();
    this.server = undefined;
  }

  private openWindow(postId: string, version: number): void {
    const timer = setTimeout(() => this.closeWindow(postId), ENGAGEMENT_COALESCE_MS);
    timer.unref();
    this.windows.set(postId, { timer, version });
  }

  private closeWindow(postId: string): void {
    const window = this.windows.get(postId);
    this.windows.delete(postId);
    if (!window?.pending) return;
    this.emitEngagement(postId, window.pending);
    // The trailing event opens a window of its own, so a steady stream stays at one event per window.
    this.openWindow(postId, window.version);
  }

  private openNotificationWindow(userId: string): void {
    const timer = setTimeout(() => {
      const window = this.notificationWindows.get(userId);
      this.notificationWindows.delete(userId);
      if (!window?.pending) return;
      this.emitNotification(userId, window.pending);
      this.openNotificationWindow(userId);
    }, NOTIFICATION_COALESCE_MS);
    timer.unref();
    this.notificationWindows.set(userId, { timer });
  }

  private emitNotification(userId: string, event: NotificationNewEvent): void {
    this.emit('notification:new', (server) => server.to(userRoom(userId)).emit('notification:new', event));
  }

  private flushNewPosts(): void {
    clearTimeout(this.newPostsTimer);
    this.newPostsTimer = undefined;
    const posts = this.newPosts;
    const reposts = this.newReposts;
    this.newPosts = [];
    this.newReposts = [];
    if (!this.blocks && !this.limits && !this.protections) return this.sendNewPosts(posts, reposts, () => new Set(), new Map());
    void Promise.all([this.separated([...posts, ...reposts]), this.audiences(posts.map((p) => p.userId))]).then(
      ([excluded, limited]) => excluded && limited && this.sendNewPosts(posts, reposts, excluded, limited),
    );
  }

  /**
   * The limited ones among `authors`, each with who may get its posts in the home feed (its
   * followers and itself, lowercased), or undefined when they could not be read: the push is then
   * dropped, as for blocks.
   */
  private async audiences(authors: Array<string | undefined>): Promise<Map<string, Set<string>> | undefined> {
    const ids = [...new Set(authors.filter((a): a is string => !!a).map((a) => a.toLowerCase()))];
    if ((!this.limits && !this.protections) || !ids.length) return new Map();
    try {
      // A limited and a protected account have the same audience: its followers and itself.
      const found = new Map([...(this.limits ? await this.limits(ids) : []), ...(this.protections ? await this.protections(ids) : [])]);
      return new Map([...found].map(([id, followers]) => [id.toLowerCase(), new Set([id.toLowerCase(), ...followers.map((f) => f.toLowerCase())])]));
    } catch (error) {
      this.logger.warn(`Sınırlı hesaplar okunamadı, anlık gönderiler atlandı: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }

  /** The protected ones among `authors` with their audiences (as audiences()), or undefined when they could not be read. */
  private async protectedAudiences(authors: Array<string | undefined>): Promise<Map<string, Set<string>> | undefined> {
    const ids = [...new Set(authors.filter((a): a is string => !!a).map((a) => a.toLowerCase()))];
    if (!this.protections || !ids.length) return new Map();
    try {
      const found = await this.protections(ids);
      return new Map([...found].map(([id, followers]) => [id.toLowerCase(), new Set([id.toLowerCase(), ...followers.map((f) => f.toLowerCase())])]));
    } catch (error) {
      this.logger.warn(`Korunan hesaplar okunamadı, anlık yanıt atlandı: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }

  /**
   * A flush's `post:new` events. `excluded`: the members a post must not reach (blocks, mutes,
   * muted words). Such a member gets the home batch without those posts, in their own room
   * (homeRoom), and is left out of the shared one; in a `following` batch (an account's posts
   * and reposts) such a member is left out of that account's event.
   * `limited`: the batch's limited authors, each with its audience (followers and itself). The
   * shared home batch leaves their posts out; each member of an audience gets their own batch
   * with them (homeRoom), and members whose batches are the same share one emit.
   */
  private sendNewPosts(posts: Post[], reposts: Post[], excluded: Exclusions, limited: Map<string, Set<string>>): void {
    const separatedFrom = (post: Post) => excluded(post);
    const audienceOf = (post: Post) => (post.userId ? limited.get(post.userId.toLowerCase()) : undefined);
    const hidden = (member: string, post: Post) => separatedFrom(post).has(member) || !(audienceOf(post)?.has(member) ?? true);
    const affected = (batch: Post[]) => [...new Set(batch.flatMap((p) => [...separatedFrom(p)]))];
    // `post` (the newest) keeps clients written before batching working.
    if (posts.length) {
      const open = posts.filter((p) => !audienceOf(p));
      const own = new Set([...affected(posts), ...posts.flatMap((p) => [...(audienceOf(p) ?? [])])]);
      if (open.length) {
        this.emit('post:new', (server) => without(server.to(feedRoom('home')), [...own].map(userRoom)).emit('post:new', { post: open[open.length - 1], posts: open }));
      }
      const batches = new Map<string, { rooms: string[]; posts: Post[] }>();
      for (const member of own) {
        const mine = posts.filter((p) => !hidden(member, p));
        if (!mine.length) continue;
        const key = mine.map((p) => p.id).join(',');
        const batch = batches.get(key);
        if (batch) batch.rooms.push(homeRoom(member));
        else batches.set(key, { rooms: [homeRoom(member)], posts: mine });
      }
      for (const { rooms, posts: mine } of batches.values()) {
        this.emit('post:new', (server) => server.to(rooms).emit('post:new', { post: mine[mine.length - 1], posts: mine }));
      }
    }
    // The `following` feeds: each account's posts and reposts to the connections of their
    // followers (and their own) that show it, one event per account and flush.
    const byAuthor = new Map<string, Post[]>();
    const add = (accountId: string | undefined, post: Post) => {
      if (!accountId) return;
      const key = accountId.toLowerCase();
      const own = byAuthor.get(key);
      if (own) own.push(post);
      else byAuthor.set(key, [post]);
    };
    for (const post of posts) add(post.userId, post);
    for (const item of reposts) add(item.repostedBy?.id, item);
    for (const [authorId, own] of byAuthor) {
      // A repost item's post author may be separated from a follower of the reposter.
      const separated = affected(own).map(userRoom);
      this.emit('post:new', (server) => without(server.to(authorRoom(authorId)), separated).emit('post:new', { post: own[own.length - 1], posts: own, feed: 'following' }));
    }
  }

  private emitEngagement(postId: string, counts: EngagementCounts): void {
    // The wire's names: reposts are `retweetCount` there.
    const event: PostEngagementEvent = { postId, likeCount: counts.likeCount, retweetCount: counts.repostCount, replyCount: counts.replyCount, quoteCount: counts.quoteCount, version: counts.version };
    this.emit('post:engagement', (server) => server.to(postRoom(postId)).emit('post:engagement', event));
  }

  /** Every event this service sends goes through here, and is counted here (gundem_socket_events_emitted_total). */
  private emit(what: EmittedEvent | 'disconnect' | 'room', send: (server: RealtimeServer) => void): void {
    const server = this.server;
    if (!server) return;
    try {
      send(server);
      if (what !== 'disconnect' && what !== 'room') this.metrics.emitted(what);
    } catch (error) {
      const now = Date.now();
      if (now - this.lastFailureLog < 10_000) return;
      this.lastFailureLog = now;
      this.logger.warn(`Anlık olay gönderilemedi (${what}): ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
