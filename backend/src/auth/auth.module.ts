import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { HomeSessionService } from './home-session';
import { UserTokensRepository } from './user-tokens.repository';
import { JWT_ALGORITHM, jwtKey } from './jwt-key';
import { JwtStrategy } from './jwt.strategy';
import { LoginThrottle } from './login-throttle';
import { MailThrottle } from './mail-throttle';
import { SameOriginGuard } from './same-origin.guard';
import { UserToken } from './user-token.entity';

@Module({
  imports: [
    UsersModule,
    PassportModule,
    TypeOrmModule.forFeature([UserToken]),
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        secret: jwtKey(config.jwtSecret),
        signOptions: { algorithm: JWT_ALGORITHM, expiresIn: config.jwtExpiresIn as `${number}d` },
        verifyOptions: { algorithms: [JWT_ALGORITHM] },
      }),
    }),
  ],
  controllers: [AuthController],
  providers: [AuthService, HomeSessionService, UserTokensRepository, JwtStrategy, LoginThrottle, MailThrottle, SameOriginGuard],
  exports: [AuthService, HomeSessionService, JwtModule],
})
export class AuthModule {}
