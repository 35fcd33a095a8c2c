import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * The first answer to a write sent with an `Idempotency-Key` (see IdempotencyService); the
 * schema is the migration IdempotencyKeys1764300000000, every statement is in the service.
 */
@Entity('idempotency_keys')
@Index('idx_idempotency_keys_created', ['createdAt'])
export class IdempotencyKey {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @PrimaryColumn({ type: 'varchar', length: 255 })
  key: string;

  /** Which write the key was used for (`posts.create`, `messages.send`). */
  @Column({ type: 'varchar', length: 64 })
  route: string;

  /** SHA-256 of the request body: the same key with another body is refused (422). */
  @Column({ type: 'char', length: 64 })
  fingerprint: string;

  /** Null only inside the writing transaction, never once committed. */
  @Column({ type: 'smallint', nullable: true })
  status: number | null;

  @Column({ type: 'jsonb', nullable: true })
  response: unknown;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
