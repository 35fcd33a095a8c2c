// The English texts (issue 26), one chunk that only an English page loads: main.tsx imports it
// before the first render and calls applyEnglish(), which writes the English of the shell's texts
// (locales/tr.ts, in the entry) over them in place and sets the hook every other Turkish module
// (locales/tr-*.ts, last line) calls as it loads with its screen's chunk. Components keep
// importing `tr*` and read English. This chunk imports no lazily loaded Turkish module, so the
// app's chunks stay as they are.
// A new Turkish module gets its English module here (keys.test.ts fails until it has one).
import * as trApp from '../tr';
import admin from './admin';
import app from './app';
import auth from './auth';
import block from './block';
import bookmarks from './bookmarks';
import compose from './compose';
import edits from './edits';
import quotes from './quotes';
import explore from './explore';
import feeds from './feeds';
import followRequests from './follow-requests';
import hashtag from './hashtag';
import './hook';
import media from './media';
import { mergeTexts } from './merge';
import messages from './messages';
import moderation from './moderation';
import mute from './mute';
import notifications from './notifications';
import pages from './pages';
import password from './password';
import postMenu from './post-menu';
import post from './post';
import profile from './profile';
import report from './report';
import samples from './samples';
import settings from './settings';
import shortcuts from './shortcuts';

/** The English exports of each Turkish module, by its file name. */
export const ENGLISH: Record<string, Record<string, object>> = {
  'tr.ts': app,
  'tr-admin.ts': admin,
  'tr-auth.ts': auth,
  'tr-block.ts': block,
  'tr-bookmarks.ts': bookmarks,
  'tr-compose.ts': compose,
  'tr-edits.ts': edits,
  'tr-quotes.ts': quotes,
  'tr-explore.ts': explore,
  'tr-feeds.ts': feeds,
  'tr-follow-requests.ts': followRequests,
  'tr-hashtag.ts': hashtag,
  'tr-media.ts': media,
  'tr-messages.ts': messages,
  'tr-moderation.ts': moderation,
  'tr-mute.ts': mute,
  'tr-notifications.ts': notifications,
  'tr-pages.ts': pages,
  'tr-password.ts': password,
  'tr-post-menu.ts': postMenu,
  'tr-post.ts': post,
  'tr-profile.ts': profile,
  'tr-report.ts': report,
  'tr-samples.ts': samples,
  'tr-settings.ts': settings,
  'tr-shortcuts.ts': shortcuts,
};

/** Writes a module's English over its Turkish exports (objects of texts, merged in place). */
export function englishOver(file: string, exports: Record<string, object>): void {
  for (const [name, texts] of Object.entries(ENGLISH[file] ?? {})) {
    const turkish = exports[name];
    if (turkish) mergeTexts(turkish as Record<string, unknown>, texts as Record<string, unknown>);
  }
}

/** Makes every text of the app English: the shell's now, each other module's as it loads. */
export function applyEnglish(): void {
  englishOver('tr.ts', trApp);
  globalThis.gundemEnglish = englishOver;
  document.documentElement.lang = 'en';
}
