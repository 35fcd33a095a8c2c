import { CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** blocker blocks blocked (migration 1764810000000-Blocks). A CHECK refuses blocking oneself. */
@Entity('blocks')
@Index('idx_blocks_blocked_blocker', ['blockedId', 'blockerId'], { unique: true })
@Index('idx_blocks_blocker_created', ['blockerId', 'createdAt', 'blockedId'])
export class Block {
  @PrimaryColumn({ name: 'blocker_id', type: 'uuid' })
  blockerId: string;

  @PrimaryColumn({ name: 'blocked_id', type: 'uuid' })
  blockedId: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
