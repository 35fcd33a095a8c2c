import type { LoginResponse, MeResponse, Notice, RegisterResponse } from '@gundem/contract';
import { BadRequestException, Body, Controller, Get, HttpCode, Inject, Optional, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { Public } from '../common/decorators/public.decorator';
import { ENGLISH_LOOKUP, type EnglishLookup, inLanguage, requestLanguage } from '../common/i18n/language';
import { AllowDuringMaintenance } from '../settings/maintenance.guard';
import type { SessionUser } from '../users/session-user';
import { AuthService } from './auth.service';
import { HomeSessionService } from './home-session';
import { EMAIL_VERIFIED, INVALID_VERIFY_LINK } from './auth.texts';
import { ForgotPasswordDto } from './dto/forgot-password.dto';
import { LoginDto } from './dto/login.dto';
import { RegisterDto } from './dto/register.dto';
import { ResetPasswordDto } from './dto/reset-password.dto';
import { LoginLockedException } from './login-throttle';
import { SameOriginGuard } from './same-origin.guard';

/** The client's address, as the rate limiter reads it (TRUST_PROXY decides). */
const clientIp = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly home: HomeSessionService,
    @Optional() @Inject(ENGLISH_LOOKUP) private readonly english?: EnglishLookup,
  ) {}

  /**
   * Creates a member account. Without required e-mail verification the answer carries a token and
   * sets the home-page cookie, as login does; so, like login, it answers only the site's own pages
   * (SameOriginGuard).
   */
  @Public()
  @UseGuards(SameOriginGuard)
  @Post('register')
  async register(@Body() dto: RegisterDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<RegisterResponse> {
    const answer = await this.auth.register(dto, requestLanguage(req.headers['accept-language']));
    if (answer.token) await this.home.issue(req, res, answer.token);
    return answer;
  }

  /**
   * `login` is the e-mail address or the username. Open in maintenance mode, so staff can sign in.
   * An account locked for this address after too many failures answers 429 with Retry-After
   * (LoginThrottle). Refused with 403 when sent by another site's page (SameOriginGuard).
   */
  @Public()
  @AllowDuringMaintenance()
  @UseGuards(SameOriginGuard)
  @Post('login')
  @HttpCode(200)
  async login(@Body() dto: LoginDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<LoginResponse> {
    try {
      const session = await this.auth.login(dto, clientIp(req), requestLanguage(req.headers['accept-language']));
      // `/` then carries this member's account and first page (home-session.ts).
      await this.home.issue(req, res, session.token);
      return session;
    } catch (error) {
      if (error instanceof LoginLockedException) res.setHeader('Retry-After', error.retryAfterSeconds);
      throw error;
    }
  }

  /**
   * The link of the verification e-mail. A browser is redirected to `/?emailVerified=1` (or `=0`
   * for an invalid or expired link); a client asking for JSON gets `{ message }` or a 400.
   */
  @Public()
  @Get('verify-email')
  async verifyEmail(@Query('token') token: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    const ok = typeof token === 'string' && token.length > 0 && token.length <= 200 && (await this.auth.verifyEmail(token));
    if (req.accepts(['html', 'json']) === 'json') {
      if (!ok) throw new BadRequestException(INVALID_VERIFY_LINK);
      // Written here (@Res), so the answers' interceptor does not see it: in the request's language by hand.
      res.status(200).json({ message: inLanguage(EMAIL_VERIFIED, requestLanguage(req.headers['accept-language']), this.english) });
      return;
    }
    res.redirect(302, `/?emailVerified=${ok ? 1 : 0}`);
  }

  /**
   * The signed-in user. Also sets the home-page cookie when the request has none for this session
   * (a session begun before the cookie existed gets it at its next check; home-session.ts).
   */
  @ApiBearerAuth()
  @Get('me')
  async me(@CurrentUser() user: SessionUser, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<MeResponse> {
    const me = await this.auth.me(user.id);
    const bearer = req.headers.authorization?.replace(/^Bearer\s+/i, '');
    if (bearer) await this.home.ensure(req, res, bearer);
    return me;
  }

  /**
   * Ends the home-page cookie: its session on the server (a copy of it renders nothing any more)
   * and the cookie in this browser. The bearer token is the client's to forget: tokens are
   * stateless. Open to anyone and idempotent: it only ends the cookie the caller's own browser
   * sends; refused with 403 when sent by another site's page (SameOriginGuard).
   */
  @Public()
  @AllowDuringMaintenance()
  @UseGuards(SameOriginGuard)
  @Post('logout')
  @HttpCode(204)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    await this.home.end(req, res);
  }

  /** Always the same answer, whether or not the e-mail has an account. */
  @Public()
  @Post('forgot-password')
  @HttpCode(200)
  forgotPassword(@Body() dto: ForgotPasswordDto, @Req() req: Request): Promise<Notice> {
    return this.auth.forgotPassword(dto, requestLanguage(req.headers['accept-language']));
  }

  @Public()
  @Post('reset-password')
  @HttpCode(200)
  resetPassword(@Body() dto: ResetPasswordDto, @Req() req: Request): Promise<Notice> {
    return this.auth.resetPassword(dto, clientIp(req));
  }
}
