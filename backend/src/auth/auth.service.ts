import { createHash, randomBytes } from 'node:crypto';
import { BadRequestException, ForbiddenException, type HttpException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { SESSION_INVALID } from '../common/common.texts';
import { type Language, mailLanguage } from '../common/i18n/language';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { MailService } from '../mail/mail.service';
import { passwordResetMail, verifyEmailMail } from '../mail/mail.templates';
import { SettingsService } from '../settings/settings.service';
import { isBlockedEmail } from '../settings/blocked-domains';
import { EMAIL_DOMAIN_BLOCKED, REGISTRATION_CLOSED } from '../settings/settings.texts';
import type { User } from '../users/user.entity';
import { isStaff } from '../users/roles';
import { toUserResponse, type UserResponse } from '../users/user.response';
import { hashPassword, verifyPassword } from '../users/password-hashing';
import { UsersService } from '../users/users.service';
import { ACCOUNT_DISABLED, ACCOUNT_PENDING, ACCOUNT_REJECTED, EMAIL_NOT_VERIFIED, REGISTER_PENDING, FORGOT_PASSWORD_SENT, INVALID_CREDENTIALS, INVALID_RESET_LINK, PASSWORD_RESET_DONE, REGISTER_SUCCESS, REGISTER_WELCOME } from './auth.texts';
import type { ForgotPasswordDto } from './dto/forgot-password.dto';
import type { LoginDto } from './dto/login.dto';
import type { RegisterDto } from './dto/register.dto';
import type { ResetPasswordDto } from './dto/reset-password.dto';
import type { JwtPayload } from './jwt.strategy';
import { LoginThrottle, loginSubject } from './login-throttle';
import { MailThrottle } from './mail-throttle';
import type { UserTokenPurpose } from './user-token.entity';
import { UserTokensRepository } from './user-tokens.repository';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Asked when an inactive account's password was right: the refusal to answer instead of
 * ACCOUNT_DISABLED (a suspension's, naming its end), `'lifted'` when the account turned out to be
 * active again (a suspension whose end had passed), or null for a plain deactivation. Registered by
 * moderation/ (Suspensions), which sits above auth/.
 */
export type InactiveLoginCheck = (userId: string) => Promise<HttpException | 'lifted' | null>;

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

@Injectable()
export class AuthService {
  /** Verified against when no account matches, so a wrong login costs the same time either way. */
  private dummyHash?: Promise<string>;
  private inactiveLoginCheck?: InactiveLoginCheck;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly jwt: JwtService,
    private readonly mail: MailService,
    private readonly tokens: UserTokensRepository,
    private readonly settings: SettingsService,
    private readonly loginThrottle: LoginThrottle,
    private readonly mailThrottle: MailThrottle,
  ) {}

  /**
   * 403 while the admin setting `registrationMode` is `closed`; 400 for an address on a blocked
   * domain (`blockedEmailDomains`, subdomains included). Under `approval` the account is
   * created inactive and `pending` (docs/wire-contract.md#registration-approval): no session, the
   * answer says it waits for staff (a verification link is mailed too when the site requires one).
   * When `emailVerificationRequired` is on, mails a verification link and answers SPEC's "check
   * your e-mail" message (no session: the login waits for the link). Otherwise the member is signed
   * in at once, as a login would: the answer carries a token (and the controller sets the home-page
   * cookie beside it).
   */
  async register(dto: RegisterDto, language: Language = 'tr'): Promise<{ message: string; user: UserResponse; token?: string; pendingApproval?: true }> {
    const settings = await this.settings.get();
    if (settings.registrationMode === 'closed') throw new ForbiddenException(REGISTRATION_CLOSED);
    // The DTO has normalised the address (lowercase, NFKC): the domain and its parents are compared as stored.
    if (isBlockedEmail(dto.email, settings.blockedEmailDomains)) throw new BadRequestException(EMAIL_DOMAIN_BLOCKED);
    const pendingApproval = settings.registrationMode === 'approval';
    const user = await this.users.create({ ...dto, pendingApproval });
    if (pendingApproval) {
      if (settings.emailVerificationRequired) await this.sendVerification(user, language);
      return { message: REGISTER_PENDING, user: toUserResponse(user, { includePrivate: true }), pendingApproval: true };
    }
    if (settings.emailVerificationRequired) {
      await this.sendVerification(user, language);
      return { message: REGISTER_SUCCESS, user: toUserResponse(user, { includePrivate: true }) };
    }
    user.lastLogin = await this.users.touchLastLogin(user.id);
    return { message: REGISTER_WELCOME, user: toUserResponse(user, { includePrivate: true }), token: this.sign(user) };
  }

  /**
   * A login locked for this address (LoginThrottle) answers 429 before any password is checked;
   * every failed attempt counts, for unknown names too, against the account the name or e-mail
   * belongs to, and a correct password clears the count. `address` is the client's (req.ip).
   */
  async login(dto: LoginDto, address: string, language: Language = 'tr'): Promise<{ user: UserResponse; token: string }> {
    const user = await this.users.findForLogin(dto.login);
    const subject = loginSubject(user?.id, dto.login);
    await this.loginThrottle.assertOpen(subject, address);
    let ok = false;
    if (user) ok = await verifyPassword(user.passwordHash, dto.password);
    else {
      // Verified against a dummy hash, so an unknown name costs the same time as a wrong password.
      this.dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
      await verifyPassword(await this.dummyHash, dto.password);
    }
    if (!user || !ok) {
      await this.loginThrottle.recordFailure(subject, address);
      throw new UnauthorizedException(INVALID_CREDENTIALS);
    }
    // Failures of a parallel burst may have locked the account while this password was checked.
    await this.loginThrottle.assertOpen(subject, address);
    await this.loginThrottle.succeeded(subject, address);
    // An account under approval is inactive too: its own message, not the deactivated one's.
    if (user.approval === 'pending') throw new ForbiddenException(ACCOUNT_PENDING);
    if (user.approval === 'rejected') throw new ForbiddenException(ACCOUNT_REJECTED);
    if (!user.isActive) {
      const outcome = await this.inactiveLoginCheck?.(user.id);
      if (outcome !== 'lifted') throw outcome ?? new ForbiddenException(ACCOUNT_DISABLED);
      user.isActive = true;
    }
    // Staff are never locked out of the panel by a setting they manage (like maintenance mode).
    if (!user.isEmailVerified && !isStaff(user) && (await this.settings.get()).emailVerificationRequired) {
      await this.sendVerification(user, language);
      throw new ForbiddenException(EMAIL_NOT_VERIFIED);
    }
    user.lastLogin = await this.users.touchLastLogin(user.id);
    return { user: toUserResponse(user, { includePrivate: true }), token: this.sign(user) };
  }

  setInactiveLoginCheck(check: InactiveLoginCheck): void {
    this.inactiveLoginCheck = check;
  }

  /**
   * The signed-in user's whole account (the session check behind every request loads only what
   * guards read). Gone since the guard ran: the session is over.
   */
  async me(userId: string): Promise<{ user: UserResponse }> {
    const user = await this.users.findById(userId);
    if (!user || !user.isActive) throw new UnauthorizedException(SESSION_INVALID);
    return { user: toUserResponse(user, { includePrivate: true }) };
  }

  sign(user: Pick<User, 'id' | 'sessionVersion'>): string {
    const payload: JwtPayload = { sub: user.id, ver: user.sessionVersion ?? 0 };
    return this.jwt.sign(payload);
  }

  async forgotPassword(dto: ForgotPasswordDto, language: Language = 'tr'): Promise<{ message: string }> {
    const user = await this.users.findByEmail(dto.email);
    // Throttled per recipient; the answer is the same whether or not a mail went out.
    if (user && user.isActive && (await this.mailThrottle.allow('password_reset', user.email))) {
      const token = await this.issueToken(user.id, 'password_reset', RESET_TOKEN_TTL_MS);
      const link = `${this.config.appUrl}/reset-password?token=${token}&email=${encodeURIComponent(user.email)}`;
      this.mail.queue(this.users.chosenLanguage(user.id).catch(() => null).then((chosen) => passwordResetMail(user.email, user.displayName, link, mailLanguage(chosen, language))));
    }
    return { message: FORGOT_PASSWORD_SENT };
  }

  /** `address` is the client's (req.ip): the reset lifts the login lock for it (LoginThrottle.succeeded). */
  async resetPassword(dto: ResetPasswordDto, address: string): Promise<{ message: string }> {
    const user = await this.users.findByEmail(dto.email);
    if (!user || !user.isActive) throw new BadRequestException(INVALID_RESET_LINK);
    const used = await this.consumeToken(user.id, 'password_reset', dto.token);
    if (!used) throw new BadRequestException(INVALID_RESET_LINK);
    await this.users.setPassword(user.id, dto.newPassword);
    // Any other reset link still in a mailbox stops working too.
    await this.tokens.revokeUnused(user.id, 'password_reset');
    // The owner's way back in while someone keeps guessing: the reset lifts the account-wide
    // lock and this address's, and trusts this address.
    await this.loginThrottle.succeeded(loginSubject(user.id, user.email), address);
    return { message: PASSWORD_RESET_DONE };
  }

  /**
   * Marks the e-mail of the link's account verified; false for an unknown, used or expired link.
   * A link already used by this account counts as success when the e-mail is verified (mail
   * scanners often open links before the member does).
   */
  async verifyEmail(token: string): Promise<boolean> {
    const userId = await this.redeemToken('email_verify', token);
    if (userId) {
      await this.users.markEmailVerified(userId);
      return true;
    }
    const used = await this.tokens.findUnexpired('email_verify', sha256(token));
    return !!used?.usedAt && !!(await this.users.findById(used.userId))?.isEmailVerified;
  }

  /**
   * At most one verification mail per address per 10 minutes (MailThrottle): at registration,
   * and when an unverified account tries to log in (accounts from before the setting was turned
   * on never got a link).
   */
  private async sendVerification(user: Pick<User, 'id' | 'email' | 'displayName'>, requested: Language): Promise<void> {
    if (!(await this.mailThrottle.allow('email_verify', user.email))) return;
    const token = await this.issueToken(user.id, 'email_verify', VERIFY_TOKEN_TTL_MS);
    const link = `${this.config.appUrl}/api/auth/verify-email?token=${token}`;
    this.mail.queue(this.users.chosenLanguage(user.id).catch(() => null).then((chosen) => verifyEmailMail(user.email, user.displayName, link, mailLanguage(chosen, requested))));
  }

  /** 256 random bits, sent once; only its hash is stored. */
  async issueToken(userId: string, purpose: UserTokenPurpose, ttlMs: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.tokens.insert(userId, purpose, sha256(token), new Date(Date.now() + ttlMs));
    return token;
  }

  /** Marks the token used in one UPDATE, so two concurrent uses cannot both succeed. */
  consumeToken(userId: string, purpose: UserTokenPurpose, token: string): Promise<boolean> {
    return this.tokens.consume(userId, purpose, sha256(token));
  }

  /** Like consumeToken for links that carry only the token: marks it used and answers its user's id, or null. */
  redeemToken(purpose: UserTokenPurpose, token: string): Promise<string | null> {
    return this.tokens.redeem(purpose, sha256(token));
  }
}
