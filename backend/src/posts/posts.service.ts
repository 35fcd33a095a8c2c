import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { decodeCursor, toPage } from '../common/pagination/cursor';
import { DEFAULT_PAGE_SIZE, type PageQueryDto } from '../common/pagination/page-query.dto';
import { pgErrorCode, queryRows } from '../database/query-rows';
import { RealtimeEvents } from '../realtime/realtime-events.service';
import { DEFAULT_SETTINGS } from '../settings/settings.constants';
import { SettingsService } from '../settings/settings.service';
import type { User } from '../users/user.entity';
import { USER_NOT_FOUND } from '../users/users.messages';
import { UsersService } from '../users/users.service';
import type { CreatePostDto } from './dto/create-post.dto';
import { type PostResponse, toPostResponse } from './dto/post.response';
import type { SearchPostsDto } from './dto/search-posts.dto';
import type { EngagementCounts } from './engagement.service';
import { charCount, extractHashtags, extractLinks, likePattern, searchTextOf, trigramSearchable } from './post-text';
import type { PostView } from './post-view.sql';
import { type PageRequest, PostsRepository } from './posts.repository';

/** The admin setting's default (`maxTweetLength`, 1 to 500); read only through PostsService.maxLength(). */
export const DEFAULT_POST_MAX_LENGTH = DEFAULT_SETTINGS.maxTweetLength;
export const SEARCH_MAX_LENGTH = 100;
/**
 * Posts a search page walks newest first before asking the trigram index instead. A word in 1
 * post of 500 still fills a page of 20 within it (a common word after a few hundred rows); a
 * rarer one matches at most ~0.2% of the posts, few enough for the index's bitmap and a sort.
 * Both halves then stay a few milliseconds at a million posts. Also the stretch a 1–2
 * character term searches per page.
 */
export const SEARCH_WINDOW = 10_000;

export const POST_EMPTY = 'Gönderi boş olamaz.';
export const postTooLong = (max: number) => `Gönderi en fazla ${max} karakter olabilir.`;
export const POST_NOT_FOUND = 'Gönderi bulunamadı.';
export const REPLY_TARGET_NOT_FOUND = 'Yanıtlanan gönderi bulunamadı.';
export const SEARCH_REQUIRED = 'Arama metni gerekli.';
export const SEARCH_TOO_LONG = `Arama metni en fazla ${SEARCH_MAX_LENGTH} karakter olabilir.`;

export interface PostPage {
  posts: PostResponse[];
  nextCursor: string | null;
}

export interface PostThread {
  post: PostResponse;
  replies: PostResponse[];
  nextCursor: string | null;
}

export interface CreatedPost {
  post: PostResponse;
  /** The replied-to post's counts after this reply, for a realtime `post:engagement` event. */
  parent: EngagementCounts | null;
}

function pageRequest(query: PageQueryDto): PageRequest {
  return { limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: decodeCursor(query.cursor) };
}

function toPostPage(rows: PostView[], limit: number): PostPage {
  const page = toPage(rows, limit, (post) => post.cursor);
  return { posts: page.items.map(toPostResponse), nextCursor: page.nextCursor };
}

@Injectable()
export class PostsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly posts: PostsRepository,
    private readonly users: UsersService,
    private readonly settings: SettingsService,
    private readonly realtime: RealtimeEvents,
  ) {}

  /** The one place the post length limit is read: the admin setting `maxTweetLength` (cached, see SettingsService). */
  async maxLength(): Promise<number> {
    return (await this.settings.get()).maxTweetLength;
  }

  /**
   * Inserts the post, the author's posts_count and the parent's reply_count in one transaction;
   * counters move by SQL `x = x + 1`, never read-modify-write.
   */
  async create(author: Pick<User, 'id'>, dto: CreatePostDto): Promise<CreatedPost> {
    const content = dto.content.normalize('NFC').trim();
    if (!content) throw new BadRequestException(POST_EMPTY);
    const max = await this.maxLength();
    if (charCount(content) > max) throw new BadRequestException(postTooLong(max));
    const replyToId = dto.replyToId ?? null;
    const hashtags = extractHashtags(content);
    const links = extractLinks(content);

    let created: { id: string; parent: EngagementCounts | null };
    try {
      created = await this.dataSource.transaction(async (em) => {
        if (replyToId && !(await this.posts.isVisible(em, replyToId))) throw new NotFoundException(REPLY_TARGET_NOT_FOUND);
        const [row] = await queryRows<{ id: string }>(
          em,
          `INSERT INTO posts (author_id, content, reply_to_id, hashtags, links, search_text)
           VALUES ($1, $2, $3, $4::text[], $5::text[], $6) RETURNING id`,
          [author.id, content, replyToId, hashtags, links, searchTextOf(content, hashtags)],
        );
        await queryRows(em, `UPDATE users SET posts_count = posts_count + 1 WHERE id = $1`, [author.id]);
        let parent: EngagementCounts | null = null;
        if (replyToId) {
          const [counts] = await queryRows<{ id: string; like_count: number; retweet_count: number; reply_count: number }>(
            em,
            `UPDATE posts SET reply_count = reply_count + 1 WHERE id = $1 RETURNING id, like_count, retweet_count, reply_count`,
            [replyToId],
          );
          parent = { postId: counts.id, likeCount: counts.like_count, retweetCount: counts.retweet_count, replyCount: counts.reply_count };
        }
        return { id: row.id, parent };
      });
    } catch (error) {
      // The parent was deleted between the visibility check and the insert.
      if (pgErrorCode(error) === '23503' && replyToId) throw new NotFoundException(REPLY_TARGET_NOT_FOUND);
      throw error;
    }
    const post = await this.posts.findView(created.id, author.id);
    if (!post) throw new NotFoundException(POST_NOT_FOUND);
    const response = toPostResponse(post);
    // After the commit only: a rolled-back post is never announced.
    this.realtime.postNew(response);
    if (created.parent) this.realtime.postEngagement(created.parent.postId, created.parent);
    return { post: response, parent: created.parent };
  }

  async timeline(viewer: User | undefined, query: PageQueryDto): Promise<PostPage> {
    const page = pageRequest(query);
    return toPostPage(await this.posts.timeline(viewer?.id ?? null, page), page.limit);
  }

  async byUsername(username: string, viewer: User | undefined, query: PageQueryDto): Promise<PostPage> {
    const page = pageRequest(query);
    const user = await this.users.findByUsername(username);
    if (!user || !user.isActive) throw new NotFoundException(USER_NOT_FOUND);
    return toPostPage(await this.posts.byAuthor(user.id, viewer?.id ?? null, page), page.limit);
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
  async search(viewer: User | undefined, query: SearchPostsDto): Promise<PostPage> {
    if (charCount(query.q) > SEARCH_MAX_LENGTH) throw new BadRequestException(SEARCH_TOO_LONG);
    const page = pageRequest(query);
    const pattern = likePattern(query.q);
    const viewerId = viewer?.id ?? null;
    // Newest posts first, over a bounded stretch: enough for any word common enough to fill a page.
    const recent = await this.posts.searchRecent(pattern, viewerId, page, SEARCH_WINDOW);
    if (recent.length > page.limit || !trigramSearchable(query.q)) return toPostPage(recent, page.limit);
    // A rarer word: its trigrams find its few posts in the index, whatever their age.
    return toPostPage(await this.posts.search(pattern, viewerId, page), page.limit);
  }

  /** The post and a page of its replies (oldest first). Opening the post counts a view; paging the replies does not. */
  async getWithReplies(id: string, viewer: User | undefined, query: PageQueryDto): Promise<PostThread> {
    const page = pageRequest(query);
    const viewerId = viewer?.id ?? null;
    const post = page.cursor ? await this.posts.findView(id, viewerId) : await this.posts.viewAndFind(id, viewerId);
    if (!post) throw new NotFoundException(POST_NOT_FOUND);
    const replies = toPostPage(await this.posts.replies(id, viewerId, page), page.limit);
    return { post: toPostResponse(post), replies: replies.posts, nextCursor: replies.nextCursor };
  }
}
