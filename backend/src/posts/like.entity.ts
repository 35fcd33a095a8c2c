import { CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** One row per (user, post); inserted with ON CONFLICT DO NOTHING so a double like cannot count twice. */
@Entity('likes')
@Index('idx_likes_post', ['postId'])
export class Like {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @PrimaryColumn({ name: 'post_id', type: 'uuid' })
  postId: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
