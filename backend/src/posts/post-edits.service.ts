import { type EditPostRequest, MAX_MENTIONS_PER_POST, type PostHistoryPage, postEditedFields } from '@gundem/contract';
import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { ActivityEvents } from '../common/activity/activity-events';
import { toPage } from '../common/pagination/cursor';
import type { PageQueryDto } from '../common/pagination/page-query.dto';
import { MediaService } from '../media/media.service';
import { RealtimeEvents } from '../realtime/realtime-events.service';
import { type PostResponse, toPostResponse } from './dto/post.response';
import { FirstPageCache } from './first-page.cache';
import { type EditablePost, PostEditsRepository } from './post-edits.repository';
import { charCount, extractHashtags, extractLinks, extractMentions, searchTextOf } from './post-text';
import { visiblePost } from './post-visibility';
import { PostsRepository } from './posts.repository';
import { pageRequest, PostsService } from './posts.service';
import { POST_EDIT_NOT_YOURS, POST_EMPTY, POST_NOT_FOUND, postTooLong } from './posts.texts';

/** The same pictures in the same order with the same alt texts and mark: nothing to write. */
function samePictures(before: EditablePost, media: { id: string; alt: string | null }[], sensitive: boolean): boolean {
  return (
    before.sensitive === sensitive &&
    before.media.length === media.length &&
    before.media.every((picture, at) => picture.id === media[at].id && (picture.alt ?? null) === media[at].alt)
  );
}

/**
 * Edits with history (issue 27, docs/product.md#düzenleme): the author changes a post's text,
 * pictures, their alt texts and its `Hassas içerik` mark at any time; every version is kept
 * (GET /api/posts/:id/history) and the card says `düzenlendi`. An edit never changes counts,
 * replies or the post's place in lists. After the commit the post's watchers get `post:edited`
 * on every node, reposters are notified, and so is every account a mention the edit added names
 * (as for a new post). Hashtags, links, mentions and the search text are the new text's, so a
 * hashtag page, search and trends follow the edit (trends count posts.hashtags at their next run).
 */
@Injectable()
export class PostEditsService {
  constructor(
    private readonly edits: PostEditsRepository,
    private readonly posts: PostsRepository,
    private readonly postsService: PostsService,
    private readonly media: MediaService,
    private readonly firstPages: FirstPageCache,
    private readonly realtime: RealtimeEvents,
    private readonly activity: ActivityEvents,
  ) {}

  async edit(authorId: string, postId: string, dto: EditPostRequest): Promise<PostResponse> {
    const max = await this.postsService.maxLength();
    // Absent or null: the text stays (class-validator's IsOptional lets both through).
    const content = dto.content == null ? undefined : dto.content.normalize('NFC').trim();
    if (content !== undefined && charCount(content) > max) throw new BadRequestException(postTooLong(max));
    const outcome = await this.edits.transaction(async (db) => {
      const before = await this.edits.lock(db, postId);
      if (!before || !before.author_active) throw new NotFoundException(POST_NOT_FOUND);
      if (before.author_id !== authorId) throw new ForbiddenException(POST_EDIT_NOT_YOURS);
      const text = content ?? before.content;
      const items = dto.media ?? before.media.map((picture) => ({ id: picture.id }));
      // A post of pictures alone may have no text, as when it was written.
      if (!text && !items.length) throw new BadRequestException(POST_EMPTY);
      const media = await this.media.attachForEdit(db, authorId, postId, items);
      const sensitive = media.length > 0 && (dto.sensitive ?? before.sensitive);
      if (text === before.content && samePictures(before, media, sensitive)) return null;
      const hashtags = extractHashtags(text);
      const { mentions } = await this.edits.apply(db, postId, {
        content: text,
        hashtags,
        links: extractLinks(text),
        searchText: searchTextOf(text, hashtags),
        mentions: extractMentions(text, MAX_MENTIONS_PER_POST),
        media,
        sensitive,
      });
      const told = new Set(before.mentions.map((name) => name.toLowerCase()));
      return { added: mentions.filter((name) => !told.has(name.toLowerCase())) };
    });
    const view = await this.posts.findView(postId, authorId);
    if (!view) throw new NotFoundException(POST_NOT_FOUND);
    const post = toPostResponse(view);
    if (outcome) {
      // The cache first: a watcher that reads the post on the event must not get the cached copy.
      this.firstPages.touch(postId);
      this.realtime.postEdited({ postId: post.id, ...postEditedFields(post) });
      this.activity.publish({ kind: 'post-edited', actorId: authorId, postId: post.id, mentions: outcome.added, at: new Date() });
    }
    return post;
  }

  /**
   * The post's versions, newest first, for whoever may see the post (404 or, for a protected
   * account's, 403 `Bu gönderi korunuyor.` otherwise, as the post's page); `[]` when never edited.
   */
  async history(viewerId: string | null, postId: string, query: PageQueryDto): Promise<PostHistoryPage> {
    await visiblePost(this.posts, postId, viewerId);
    const page = pageRequest(query);
    const rows = await this.edits.history(postId, page);
    const { items, nextCursor } = toPage(rows, page.limit, (row) => row.cursor);
    return {
      versions: items.map((row) => ({ id: row.id, content: row.content, media: row.media, sensitive: row.sensitive, createdAt: row.created_at.toISOString() })),
      nextCursor,
    };
  }
}
