import { CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** follower follows followee. A CHECK in the migration refuses following oneself. */
@Entity('follows')
@Index('idx_follows_followee_created', ['followeeId', 'createdAt', 'followerId'])
@Index('idx_follows_follower_created', ['followerId', 'createdAt', 'followeeId'])
export class Follow {
  @PrimaryColumn({ name: 'follower_id', type: 'uuid' })
  followerId: string;

  @PrimaryColumn({ name: 'followee_id', type: 'uuid' })
  followeeId: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
