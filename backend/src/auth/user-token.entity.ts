import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** The one-time links sent by e-mail. */
export type MailTokenPurpose = 'password_reset' | 'email_verify';

/** Those, and `home_session`: one home-page cookie (home-session.ts), live until its expiry or the logout that removes it. */
export type UserTokenPurpose = MailTokenPurpose | 'home_session';

/** One-time tokens sent by e-mail, and the home-page cookie's sessions. Only a SHA-256 of the token is stored. */
@Entity('user_tokens')
@Index('idx_user_tokens_user_purpose', ['userId', 'purpose'])
export class UserToken {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'varchar', length: 32 })
  purpose: UserTokenPurpose;

  @Index('uq_user_tokens_hash', { unique: true })
  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
