import { MAX_MENTIONS_PER_POST, POPULAR_MAX_POSTS, POPULAR_WINDOW_HOURS } from '@gundem/contract';
import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { ActivityEvents } from '../common/activity/activity-events';
import { INVALID_CURSOR, PROFILE_LISTS_HIDDEN, USER_NOT_FOUND } from '../common/common.texts';
import { IdempotencyService } from '../common/idempotency/idempotency.service';
import { decodeCursor, encodeCursor, toPage } from '../common/pagination/cursor';
import { DEFAULT_PAGE_SIZE, type PageQueryDto } from '../common/pagination/page-query.dto';
import { pgErrorCode } from '../database/query-rows';
import { RealtimeEvents } from '../realtime/realtime-events.service';
import { DEFAULT_SETTINGS } from '../settings/settings.constants';
import { SettingsService } from '../settings/settings.service';
import type { User } from '../users/user.entity';
import { listsVisible } from '../users/user.response';
import { MediaService } from '../media/media.service';
import { BlocksService } from '../social/blocks.service';
import { MutesService } from '../social/mutes.service';
import { UsersService } from '../users/users.service';
import type { CreatePostDto } from './dto/create-post.dto';
import { type CountsResponse, toCountsResponse } from './dto/engagement.response';
import { type PostResponse, toPostResponse } from './dto/post.response';
import type { SearchPostsDto } from './dto/search-posts.dto';
import { type EngagementCounts, toEngagementCounts } from './engagement-counts';
import { charCount, extractHashtags, extractLinks, extractMentions, likePattern, searchTextOf, searchTextOfPost, trigramSearchable } from './post-text';
import { wordMatcher } from '../social/muted-words';
import { type CachedPage, FirstPageCache } from './first-page.cache';
import { type PostView, toPostView } from './post-view.sql';
import { PostViewsBuffer } from './post-views.buffer';
import { unseenPost } from './post-visibility';
import { type CreatedPostRow, type PageRequest, type PopularPosition, PostsRepository } from './posts.repository';
import { CANNOT_REPLY, POST_EMPTY, POST_NOT_FOUND, postTooLong, QUOTE_AND_REPLY, QUOTE_DISABLED, QUOTE_PROTECTED, QUOTE_TARGET_NOT_FOUND, REPLY_TARGET_NOT_FOUND, SEARCH_MAX_LENGTH, SEARCH_TOO_LONG } from './posts.texts';

/** The admin setting's default (`maxTweetLength`, 1 to 500); read only through PostsService.maxLength(). */
export const DEFAULT_POST_MAX_LENGTH = DEFAULT_SETTINGS.maxTweetLength;
/**
 * Posts a search page walks newest first before asking the trigram index instead. A word in 1
 * post of 200 still fills a page of 20 within it (a common word after a few hundred rows); a
 * rarer one matches at most ~0.5% of the posts, few enough for the index's bitmap and a sort.
 * The walk costs about a millisecond per 1,000 posts, and every search of a rare word pays it
 * before the index, so it is kept short (10,000 cost rare words 12 ms at a million posts).
 */
export const SEARCH_RECENT_WINDOW = 4_000;

/**
 * The stretch a 1–2 character term (no trigram, so no index) searches per page: longer, since
 * it is all such a term gets.
 */
export const SEARCH_WINDOW = 10_000;

/**
 * Units of the read budget one search costs (a timeline page costs 1). A search walks up to
 * SEARCH_WINDOW rows or the trigram index where a timeline page reads limit + 1 rows by index, and
 * it is the read a scraper or a flood would pick. At 5, a guest still has 60 searches per five
 * minutes (one every five seconds, sustained), far beyond a person's typing, while a client that
 * only searches gets a fifth of the database time a reader gets.
 */
export const SEARCH_READ_COST = 5;

/**
 * Ancestors a post page shows above the post (docs/wire-contract.md#posts): X shows the whole
 * chain, but a page of 10 is what a reader scrolls through before the post itself; a longer
 * thread's topmost shown ancestor links up ("daha fazla"), each such page showing 10 more.
 */
export const THREAD_ANCESTORS_MAX = 10;

export interface PostPage {
  posts: PostResponse[];
  nextCursor: string | null;
}

export interface PostThread {
  post: PostResponse;
  replies: PostResponse[];
  nextCursor: string | null;
  /** Root first; on the first page only (a page of more replies leaves it out). */
  ancestors?: PostResponse[];
}

export interface CreatedPost {
  post: PostResponse;
  /** The replied-to post's counts after this reply (as a realtime `post:engagement` event has them). */
  parent: CountsResponse | null;
  /** The quoted post's counts after this quote (issue 27), likewise; absent for a post that quotes none. */
  quoted?: CountsResponse | null;
  /** The stored answer of an earlier request with the same Idempotency-Key: nothing was written. */
  replayed: boolean;
}

/**
 * Where a `Popüler` page ends: how many posts were served before it and the last one's position,
 * opaque to clients (base64url of `served.score.<timeline cursor>`); 400 for anything else.
 */
function encodePopularCursor(served: number, last: PopularPosition): string {
  return Buffer.from(`${served}.${last.score}.${encodeCursor(last)}`, 'utf8').toString('base64url');
}

function decodePopularCursor(raw: string | undefined): { served: number; after: PopularPosition } | undefined {
  if (raw === undefined || raw === '') return undefined;
  const invalid = new BadRequestException(INVALID_CURSOR);
  if (!/^[A-Za-z0-9_-]+$/.test(raw)) throw invalid;
  const match = /^(\d{1,4})\.(\d{1,9})\.([A-Za-z0-9_-]+)$/.exec(Buffer.from(raw, 'base64url').toString('utf8'));
  if (!match) throw invalid;
  const served = Number(match[1]);
  if (served < 1 || served >= POPULAR_MAX_POSTS) throw invalid;
  const position = decodeCursor(match[3]);
  if (!position) throw invalid;
  return { served, after: { ...position, score: Number(match[2]) } };
}

/** Who reads: the signed-in user (only the id matters to post lists) or a guest. */
type Viewer = Pick<User, 'id'> | undefined;

export function pageRequest(query: PageQueryDto): PageRequest {
  return { limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: decodeCursor(query.cursor) };
}

export function toPostPage(rows: PostView[], limit: number): PostPage {
  const page = toPage(rows, limit, (post) => post.cursor);
  return { posts: page.items.map(toPostResponse), nextCursor: page.nextCursor };
}

@Injectable()
export class PostsService {
  constructor(
    private readonly posts: PostsRepository,
    private readonly views: PostViewsBuffer,
    private readonly firstPages: FirstPageCache,
    private readonly users: UsersService,
    private readonly settings: SettingsService,
    private readonly realtime: RealtimeEvents,
    private readonly idempotency: IdempotencyService,
    private readonly activity: ActivityEvents,
    private readonly media: MediaService,
    private readonly blocks: BlocksService,
    private readonly mutes: MutesService,
  ) {}

  /** The one place the post length limit is read: the admin setting `maxTweetLength` (cached, see SettingsService). */
  async maxLength(): Promise<number> {
    return (await this.settings.get()).maxTweetLength;
  }

  /**
   * Inserts the post, the author's posts_count and the parent's reply_count in one statement
   * (PostsRepository.create); counters move by SQL `x = x + 1`, never read-modify-write.
   * With an `idempotencyKey` the statement and the key's stored answer share one transaction
   * (IdempotencyService): a retry answers the first `{ post, parent }` and writes nothing.
   */
  async create(author: Pick<User, 'id'>, dto: CreatePostDto, idempotencyKey?: string): Promise<CreatedPost> {
    const content = (dto.content ?? '').normalize('NFC').trim();
    const mediaIds = dto.mediaIds ?? [];
    // A post of pictures alone may have no text.
    if (!content && !mediaIds.length) throw new BadRequestException(POST_EMPTY);
    const max = await this.maxLength();
    if (charCount(content) > max) throw new BadRequestException(postTooLong(max));
    await this.media.checkMediaIds(mediaIds);
    const replyToId = dto.replyToId ?? null;
    // A block, either way, between the member and the replied-to author refuses the reply
    // (and the statement's own check refuses one that raced a block: the parent is then not found).
    if (replyToId && (await this.posts.authorBlocks(replyToId, author.id))) throw new ForbiddenException(CANNOT_REPLY);
    // A quote (issue 27): said before anything is written; the statement checks it again.
    const quoteOfId = dto.quoteOfId ?? null;
    if (quoteOfId) {
      if (replyToId) throw new BadRequestException(QUOTE_AND_REPLY);
      const verdict = await this.posts.quoteTarget(quoteOfId, author.id);
      if (verdict === 'missing') throw new NotFoundException(QUOTE_TARGET_NOT_FOUND);
      if (verdict === 'protected') throw new ForbiddenException(QUOTE_PROTECTED);
      if (verdict === 'disabled') throw new ForbiddenException(QUOTE_DISABLED);
    }
    const sensitive = dto.sensitive ?? false;
    const hashtags = extractHashtags(content);
    // The body as it was before pictures (content, replyToId) keeps its fingerprint; the new fields only when sent.
    const body = { content: dto.content ?? '', replyToId, ...(mediaIds.length && { mediaIds }), ...(dto.sensitive !== undefined && { sensitive }), ...(quoteOfId && { quoteOfId }) };
    const request = idempotencyKey ? { userId: author.id, key: idempotencyKey, route: 'posts.create', body } : undefined;

    const outcome = await this.idempotency.run(
      request,
      async (db) => {
        // The uploads first, locked until the commit (MediaService.lockForPost): a second post naming one waits, then finds it taken.
        const media = await this.media.lockForPost(db, author.id, mediaIds);
        let row: CreatedPostRow | null;
        try {
          row = await this.posts.create(
            {
              authorId: author.id,
              content,
              replyToId,
              hashtags,
              links: extractLinks(content),
              searchText: searchTextOf(content, hashtags),
              mentions: extractMentions(content, MAX_MENTIONS_PER_POST),
              media,
              sensitive,
              quoteOfId,
            },
            db,
          );
        } catch (error) {
          // The parent was deleted after the statement's snapshot.
          if (pgErrorCode(error) === '23503' && replyToId) throw new NotFoundException(REPLY_TARGET_NOT_FOUND);
          throw error;
        }
        if (row) await this.media.attach(db, row.id, author.id, mediaIds);
        // No row: the parent or the quoted post is missing, hidden or no longer quotable (the author
        // is active: the session check said so).
        if (!row) throw new NotFoundException(replyToId ? REPLY_TARGET_NOT_FOUND : quoteOfId ? QUOTE_TARGET_NOT_FOUND : POST_NOT_FOUND);
        const post = toPostResponse(toPostView(row));
        const parent: EngagementCounts | null = row.parent ? toEngagementCounts(row.parent) : null;
        const quoted: EngagementCounts | null = row.quoted_counts ? toEngagementCounts(row.quoted_counts) : null;
        return {
          status: 201,
          // Stored as the answer (Idempotency-Key replays), so in the wire's names.
          body: { post, parent: parent && toCountsResponse(parent), ...(quoted && { quoted: toCountsResponse(quoted) }) },
          // After the commit only: a rolled-back post is never announced.
          afterCommit: () => {
            this.firstPages.invalidate();
            // The pushes carry the post as a guest sees it: a card of the author's own protected
            // post (quotable by its author only) says just `protected` (issue 27).
            const pushed = post.quote?.post?.author.protected ? { ...post, quote: { id: post.quote.id, state: 'protected' as const } } : post;
            this.realtime.postNew(pushed);
            if (parent) {
              this.realtime.postEngagement(parent.postId, parent);
              this.realtime.postReply(parent.postId, pushed);
            }
            // The quoted post's watchers see its quote count move (issue 27).
            if (quoted) {
              this.firstPages.touch(quoted.postId);
              this.realtime.postEngagement(quoted.postId, quoted);
            }
            // The replied-to author and the mentioned accounts are notified off this request's path.
            this.activity.publish({ kind: 'post', actorId: author.id, postId: post.id, replyToId, quoteOfId, mentions: row.mentions, at: new Date() });
          },
        };
      },
      // Pictures: their lock, the insert and the attach are one transaction.
      { transaction: mediaIds.length > 0 },
    );
    return { ...outcome.body, replayed: outcome.replayed };
  }

  /**
   * A page of the timeline. The first page is shared by every reader for up to a second
   * (FirstPageCache); a member gets it with their own liked/reposted flags, read fresh by one
   * primary-key lookup of at most limit + 1 ids (with which of them a block, a mute or a muted
   * word hides from them, left out of their copy).
   */
  async timeline(viewer: Viewer, query: PageQueryDto): Promise<PostPage> {
    const page = pageRequest(query);
    if (!viewer) return toPostPage(await this.posts.timeline(null, page), page.limit);
    // What the member mutes (issue 25): read once and applied by the list's SQL on a later page;
    // on the shared first page the flags' statement reads it itself (no read more for anyone).
    if (page.cursor) return toPostPage(await this.posts.timeline(viewer.id, page, await this.mutes.viewerFilter(viewer.id)), page.limit);
    const { views } = await this.firstPage(page.limit);
    // The page's oldest post (limit + 1 were read): below it the shared page says nothing; when it
    // holds the whole timeline, nothing lies below it.
    const since = views.length > page.limit ? views[views.length - 1].cursor.createdAt : null;
    // The quoted posts of the page's quotes (issue 27): the shared page read them as a guest does.
    const quotedIds = views.flatMap((v) => (v.quoted && (v.quoted.state === 'visible' || v.quoted.state === 'protected') ? [v.quoted.id] : []));
    const flags = await this.posts.viewerFlags(
      viewer.id,
      views.map((v) => v.id),
      since,
      quotedIds,
    );
    // A member who is or follows a limited or protected account that wrote within the shared
    // page's range: the page (as a guest sees it) lacks that post, so the member's own first page
    // instead (issues 25, 26); likewise when the page quotes a protected account's post they may
    // see (issue 27: a guest's copy shows only `Bu gönderi korunuyor`).
    if (flags.seesLimited) return toPostPage(await this.posts.timeline(viewer.id, page, await this.mutes.viewerFilter(viewer.id)), page.limit);
    // The posts of accounts the member blocks or is blocked by, or mutes, or matching their muted
    // words (issue 25, read with the flags) are left out of the shared page: the page may then be
    // shorter than `limit`, and its cursor (the last post shown) leads on to the next page, which
    // the list's SQL filters (as Mastodon's filtered timelines do). A member with a thousand blocks
    // and mutes and fifty words so costs what any member does: no statement more.
    const words = wordMatcher(flags.words);
    const shown = views
      .filter((v) => !flags.hidden.has(v.id) && !words?.test(searchTextOfPost(v)))
      .map((v) => ({ ...v, liked: flags.liked.has(v.id), reposted: flags.reposted.has(v.id), quoted: v.quoted && flags.quoteHidden.has(v.quoted.id) ? { id: v.quoted.id, state: 'blocked' as const } : v.quoted }));
    if (!shown.length && views.length) return toPostPage(await this.posts.timeline(viewer.id, page, await this.mutes.viewerFilter(viewer.id)), page.limit);
    if (shown.length > page.limit || views.length <= page.limit) return toPostPage(shown, page.limit);
    return { posts: shown.map(toPostResponse), nextCursor: encodeCursor(shown[shown.length - 1].cursor) };
  }

  /**
   * Explore's `Popüler` (docs/product.md#explore): the most engaged top-level posts of the last
   * POPULAR_WINDOW_HOURS, at most POPULAR_MAX_POSTS over all pages. Scores move while one reads:
   * a post whose score rose past the cursor's can come back on a later page, which the
   * client's list shows once (as every feed does).
   */
  async popular(viewer: Viewer, query: PageQueryDto): Promise<PostPage> {
    const cursor = decodePopularCursor(query.cursor);
    const served = cursor?.served ?? 0;
    const limit = Math.min(query.limit ?? DEFAULT_PAGE_SIZE, POPULAR_MAX_POSTS - served);
    const rows = await this.posts.popular(viewer?.id ?? null, { limit, after: cursor?.after }, POPULAR_WINDOW_HOURS);
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    const more = rows.length > limit && served + items.length < POPULAR_MAX_POSTS;
    return {
      posts: items.map(toPostResponse),
      nextCursor: more && last ? encodePopularCursor(served + items.length, { ...last.cursor, score: last.score }) : null,
    };
  }

  /** The guests' first page as JSON, shared by every guest for up to a second (FirstPageCache). */
  guestTimeline(query: PageQueryDto): Promise<CachedPage> {
    return this.firstPage(query.limit ?? DEFAULT_PAGE_SIZE);
  }

  private firstPage(limit: number): Promise<CachedPage> {
    return this.firstPages.get(
      limit,
      () => this.posts.timeline(null, { limit }),
      (views) => JSON.stringify(toPostPage(views, limit)),
    );
  }

  /**
   * A member's posts and replies, newest first (the profile's Gönderiler tab). Their pinned post
   * (issue 27) heads the first page, before the `limit` newest others, and is left out of the
   * pages themselves: shown once, at the top, as on X.
   */
  byUsername(username: string, viewer: Viewer, query: PageQueryDto): Promise<PostPage> {
    return this.memberList(username, viewer, query, (id, viewerId, page) => this.posts.byAuthor(id, viewerId, page), (id, viewerId) => this.posts.pinnedByAuthor(id, viewerId));
  }

  /** A member's replies only, newest first (the profile's Yanıtlar tab), each with its reply context. */
  repliesByUsername(username: string, viewer: Viewer, query: PageQueryDto): Promise<PostPage> {
    return this.memberList(username, viewer, query, (id, viewerId, page) => this.posts.repliesByAuthor(id, viewerId, page));
  }

  /** A member's posts and replies with pictures, newest first (the profile's Medya tab). */
  mediaByUsername(username: string, viewer: Viewer, query: PageQueryDto): Promise<PostPage> {
    return this.memberList(username, viewer, query, (id, viewerId, page) => this.posts.mediaByAuthor(id, viewerId, page));
  }

  /** The posts a member liked, newest like first (the profile's Beğeniler tab). */
  /**
   * The profile's `Beğeniler`. With the member's `publicProfile` off, a 403 (Turkish) to anyone
   * but the member and staff, as their followers and following lists (users/profiles.service.ts).
   */
  async likesByUsername(username: string, viewer: Pick<User, 'id' | 'role'> | undefined, query: PageQueryDto): Promise<PostPage> {
    const owner = await this.users.findActiveListOwner(username);
    if (owner && !listsVisible(owner, viewer)) throw new ForbiddenException({ message: PROFILE_LISTS_HIDDEN, extra: { listsHidden: true } });
    return this.memberList(username, viewer, query, (id, viewerId, page) => this.posts.likedBy(id, viewerId, page));
  }

  /** One page of a list of an active member's (404 `Kullanıcı bulunamadı.` for anyone else). */
  private async memberList(
    username: string,
    viewer: Viewer,
    query: PageQueryDto,
    read: (memberId: string, viewerId: string | null, page: PageRequest) => Promise<PostView[]>,
    /** The post that heads the first page (the pinned one), read with it; `read` leaves it out. */
    lead?: (memberId: string, viewerId: string | null) => Promise<PostView | null>,
  ): Promise<PostPage> {
    const page = pageRequest(query);
    const memberId = await this.users.findActiveIdByUsername(username);
    if (!memberId) throw new NotFoundException(USER_NOT_FOUND);
    // A member and an account that block each other (either way) see none of each other's lists:
    // an empty list, as of a member who never posted (the blocked member is not told).
    if (await this.blocks.between(viewer?.id, memberId)) return { posts: [], nextCursor: null };
    const viewerId = viewer?.id ?? null;
    const [rows, first] = await Promise.all([read(memberId, viewerId, page), lead && !page.cursor ? lead(memberId, viewerId) : null]);
    const list = toPostPage(rows, page.limit);
    return first ? { posts: [toPostResponse(first), ...list.posts], nextCursor: list.nextCursor } : list;
  }

  /**
   * Case-insensitive with Turkish rules: the query is lowercased with `tr-TR` like search_text
   * was on insert, so `istanbul` finds `İstanbul` and `ışık` finds `IŞIK`.
   *
   * A term with no three letters or digits in a row (`ab`, `#a`, `:)`) has no trigram for the
   * index to look up, so it would scan every post: it is searched in the SEARCH_WINDOW posts
   * after the cursor only. A page that fills up gives a cursor and the next page searches the
   * next stretch; a page that does not is the last (no cursor), so a client never pages through
   * empty stretches of the whole table.
   */
  async search(viewer: Viewer, query: SearchPostsDto): Promise<PostPage> {
    if (charCount(query.q) > SEARCH_MAX_LENGTH) throw new BadRequestException(SEARCH_TOO_LONG);
    const page = pageRequest(query);
    const pattern = likePattern(query.q);
    const viewerId = viewer?.id ?? null;
    const hide = await this.mutes.viewerFilter(viewerId);
    // Newest posts first, over a bounded stretch: enough for any word common enough to fill a page.
    const indexed = trigramSearchable(query.q);
    // Both statements under the search's own, shorter statement timeout (a 503 when it runs out).
    return this.posts.searching(async (reads) => {
      const recent = await reads.recent(pattern, viewerId, page, indexed ? SEARCH_RECENT_WINDOW : SEARCH_WINDOW, hide);
      if (recent.length > page.limit || !indexed) return toPostPage(recent, page.limit);
      // A rarer word: its trigrams find its few posts in the index, whatever their age.
      return toPostPage(await reads.indexed(pattern, viewerId, page, hide), page.limit);
    });
  }

  /**
   * The post, a page of its replies (oldest first) and, on the first page, the posts above it in
   * its thread (root first, at most THREAD_ANCESTORS_MAX). Opening the post counts a view; paging
   * the replies does not. Views are buffered (PostViewsBuffer): the answer adds this node's
   * pending ones, so the reader's own view shows at once.
   */
  async getWithReplies(id: string, viewer: Viewer, query: PageQueryDto): Promise<PostThread> {
    const page = pageRequest(query);
    const viewerId = viewer?.id ?? null;
    const flushes = this.views.generation;
    // Independent reads: in parallel, on two pooled connections. The first page reads the post
    // with its ancestors in one statement; a later page only the post.
    const [{ post, ancestors }, rows] = await Promise.all([
      page.cursor ? this.posts.findView(id, viewerId).then((view) => ({ post: view, ancestors: undefined })) : this.posts.thread(id, viewerId, THREAD_ANCESTORS_MAX),
      this.posts.replies(id, viewerId, page),
    ]);
    if (!post) throw await unseenPost(this.posts, id, viewerId);
    if (!page.cursor) this.views.add(id);
    // A flush that overlapped the read may or may not be in the count it read: after it, the
    // stored count is read again (a few ms every 2 s), so a view is never shown twice or lost.
    for (let again = 0; again < 3 && (this.views.busy || this.views.generation !== flushes); again++) {
      await this.views.idle();
      const settled = this.views.generation;
      post.viewCount = (await this.posts.viewCount(id)) ?? post.viewCount;
      if (!this.views.busy && this.views.generation === settled) break;
    }
    post.viewCount += this.views.pendingFor(id);
    const replies = toPostPage(rows, page.limit);
    const thread: PostThread = { post: toPostResponse(post), replies: replies.posts, nextCursor: replies.nextCursor };
    if (ancestors) thread.ancestors = ancestors.map(toPostResponse);
    return thread;
  }
}
