import { Module } from '@nestjs/common';
import { SocialModule } from '../social/social.module';
import { PreferencesController } from './preferences.controller';
import { PreferencesRepository } from './preferences.repository';
import { PreferencesService } from './preferences.service';

/**
 * The settings object kept with the account (issue 26): `GET/PUT /api/users/me/preferences` and
 * `preferences:updated` to the member's other tabs. A module of its own above realtime/ (users/
 * sits below it and could not push).
 */
@Module({
  imports: [SocialModule],
  controllers: [PreferencesController],
  providers: [PreferencesRepository, PreferencesService],
})
export class PreferencesModule {}
