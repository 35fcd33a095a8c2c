import { createHash, randomBytes } from 'node:crypto';
import { BadRequestException, ForbiddenException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import { verify } from '@node-rs/argon2';
import { IsNull, MoreThan, type Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { MailService } from '../mail/mail.service';
import { passwordResetMail } from '../mail/mail.templates';
import type { User } from '../users/user.entity';
import { toUserResponse, type UserResponse } from '../users/user.response';
import { hashPassword, UsersService } from '../users/users.service';
import type { ForgotPasswordDto } from './dto/forgot-password.dto';
import type { LoginDto } from './dto/login.dto';
import type { RegisterDto } from './dto/register.dto';
import type { ResetPasswordDto } from './dto/reset-password.dto';
import type { JwtPayload } from './jwt.strategy';
import { UserToken, type UserTokenPurpose } from './user-token.entity';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const REGISTER_SUCCESS = 'Kayıt başarılı! Lütfen email adresinizi kontrol edin ve hesabınızı doğrulayın.';
export const FORGOT_PASSWORD_SENT = 'Bu e-posta adresi kayıtlıysa şifre sıfırlama bağlantısı gönderildi.';
export const INVALID_CREDENTIALS = 'E-posta/kullanıcı adı veya şifre hatalı.';
export const ACCOUNT_DISABLED = 'Hesabınız devre dışı bırakılmış.';
export const INVALID_RESET_LINK = 'Şifre sıfırlama bağlantısı geçersiz ya da süresi dolmuş.';
export const PASSWORD_RESET_DONE = 'Şifreniz başarıyla sıfırlandı!';

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

@Injectable()
export class AuthService {
  /** Verified against when no account matches, so a wrong login costs the same time either way. */
  private dummyHash?: Promise<string>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly jwt: JwtService,
    private readonly mail: MailService,
    @InjectRepository(UserToken) private readonly tokens: Repository<UserToken>,
  ) {}

  async register(dto: RegisterDto): Promise<{ message: string; user: UserResponse }> {
    const user = await this.users.create(dto);
    return { message: REGISTER_SUCCESS, user: toUserResponse(user, { includePrivate: true }) };
  }

  async login(dto: LoginDto): Promise<{ user: UserResponse; token: string }> {
    const user = await this.users.findForLogin(dto.login);
    if (!user) {
      this.dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
      await verify(await this.dummyHash, dto.password).catch(() => false);
      throw new UnauthorizedException(INVALID_CREDENTIALS);
    }
    const ok = await verify(user.passwordHash, dto.password).catch(() => false);
    if (!ok) throw new UnauthorizedException(INVALID_CREDENTIALS);
    if (!user.isActive) throw new ForbiddenException(ACCOUNT_DISABLED);
    user.lastLogin = await this.users.touchLastLogin(user.id);
    return { user: toUserResponse(user, { includePrivate: true }), token: this.sign(user) };
  }

  sign(user: Pick<User, 'id' | 'sessionVersion'>): string {
    const payload: JwtPayload = { sub: user.id, ver: user.sessionVersion ?? 0 };
    return this.jwt.sign(payload);
  }

  async forgotPassword(dto: ForgotPasswordDto): Promise<{ message: string }> {
    const user = await this.users.findByEmail(dto.email);
    if (user && user.isActive) {
      const token = await this.issueToken(user.id, 'password_reset', RESET_TOKEN_TTL_MS);
      const link = `${this.config.appUrl}/reset-password?token=${token}&email=${encodeURIComponent(user.email)}`;
      this.mail.queue(passwordResetMail(user.email, user.displayName, link));
    }
    return { message: FORGOT_PASSWORD_SENT };
  }

  async resetPassword(dto: ResetPasswordDto): Promise<{ message: string }> {
    const user = await this.users.findByEmail(dto.email);
    if (!user || !user.isActive) throw new BadRequestException(INVALID_RESET_LINK);
    const used = await this.consumeToken(user.id, 'password_reset', dto.token);
    if (!used) throw new BadRequestException(INVALID_RESET_LINK);
    await this.users.setPassword(user.id, dto.newPassword);
    // Any other reset link still in a mailbox stops working too.
    await this.tokens.update({ userId: user.id, purpose: 'password_reset', usedAt: IsNull() }, { usedAt: new Date() });
    return { message: PASSWORD_RESET_DONE };
  }

  /** 256 random bits, sent once; only its hash is stored. */
  async issueToken(userId: string, purpose: UserTokenPurpose, ttlMs: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.tokens.insert({ userId, purpose, tokenHash: sha256(token), expiresAt: new Date(Date.now() + ttlMs) });
    return token;
  }

  /** Marks the token used in one UPDATE, so two concurrent uses cannot both succeed. */
  async consumeToken(userId: string, purpose: UserTokenPurpose, token: string): Promise<boolean> {
    const result = await this.tokens.update(
      { userId, purpose, tokenHash: sha256(token), usedAt: IsNull(), expiresAt: MoreThan(new Date()) },
      { usedAt: new Date() },
    );
    return (result.affected ?? 0) === 1;
  }
}
