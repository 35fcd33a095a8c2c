import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A post or a reply (replyToId set). Counters change only by SQL `x = x + 1` inside the
 * transaction that inserts or deletes the like, repost or reply row (see EngagementService).
 * The keyset indexes (created_at DESC, id DESC), the GIN index on hashtags and the trigram index
 * on search_text live in the migration: TypeORM's @Index cannot say DESC, GIN or an opclass.
 */
@Entity('posts')
export class Post {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'author_id', type: 'uuid' })
  authorId: string;

  /** varchar(1000): the service enforces the real limit (see PostsService.maxLength). */
  @Column({ type: 'varchar', length: 1000 })
  content: string;

  @Column({ name: 'reply_to_id', type: 'uuid', nullable: true })
  replyToId: string | null;

  /** Lowercased with Turkish rules, unique, without the leading `#`. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  hashtags: string[];

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  links: string[];

  @Column({ name: 'like_count', type: 'integer', default: 0 })
  likeCount: number;

  @Column({ name: 'retweet_count', type: 'integer', default: 0 })
  repostCount: number;

  @Column({ name: 'reply_count', type: 'integer', default: 0 })
  replyCount: number;

  @Column({ name: 'view_count', type: 'integer', default: 0 })
  viewCount: number;

  /**
   * Bumped in the same UPDATE as any of like_count, retweet_count and reply_count (never by
   * views): the version of those counts that `post:engagement` events and post responses carry.
   */
  @Column({ name: 'engagement_version', type: 'integer', default: 0 })
  engagementVersion: number;

  @Column({ name: 'is_edited', type: 'boolean', default: false })
  isEdited: boolean;

  /** The latest edit's time (issue 27); null for a post never edited. Versions: post_edits. */
  @Column({ name: 'edited_at', type: 'timestamptz', nullable: true })
  editedAt: Date | null;

  @Column({ name: 'is_pinned', type: 'boolean', default: false })
  isPinned: boolean;

  /** Content and hashtags lowercased with `tr-TR` rules; searched with LIKE via a trigram index. */
  @Column({ name: 'search_text', type: 'text', default: '', select: false })
  searchText: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
