/**
 * The English twins of every server text (issue 26), by Turkish message: each `<module>.texts.ts`
 * has its `<module>.texts.en.ts` (typed by it, so a missing text fails tsc; english.spec.ts checks
 * the list covers every texts module). The exceptions filter answers with `toEnglish(message)`
 * when the request prefers English (common/i18n/language.ts).
 *
 * A text built by a function (`Gönderi en fazla 280 karakter olabilir.`) is found by its shape:
 * the Turkish function called with markers gives a pattern whose gaps capture the values, which
 * fill the same gaps of the English function's output. A number the Turkish text computes with
 * (megabytes from bytes) shows as NaN in both, and is matched the same way.
 */
import * as adminTr from '../admin/admin.texts';
import adminEn from '../admin/admin.texts.en';
import * as authTr from '../auth/auth.texts';
import authEn from '../auth/auth.texts.en';
import * as commonTr from '../common/common.texts';
import commonEn from '../common/common.texts.en';
import * as httpTr from '../common/http/http.texts';
import httpEn from '../common/http/http.texts.en';
import * as idempotencyTr from '../common/idempotency/idempotency.texts';
import idempotencyEn from '../common/idempotency/idempotency.texts.en';
import * as healthTr from '../health/health.texts';
import healthEn from '../health/health.texts.en';
import * as mailTr from '../mail/mail.texts';
import mailEn from '../mail/mail.texts.en';
import * as mediaTr from '../media/media.texts';
import mediaEn from '../media/media.texts.en';
import * as messagesTr from '../messages/messages.texts';
import messagesEn from '../messages/messages.texts.en';
import * as moderationTr from '../moderation/moderation.texts';
import moderationEn from '../moderation/moderation.texts.en';
import * as notificationsTr from '../notifications/notifications.texts';
import notificationsEn from '../notifications/notifications.texts.en';
import * as observabilityTr from '../observability/observability.texts';
import observabilityEn from '../observability/observability.texts.en';
import * as postsTr from '../posts/posts.texts';
import postsEn from '../posts/posts.texts.en';
import * as preferencesTr from '../preferences/preferences.texts';
import preferencesEn from '../preferences/preferences.texts.en';
import * as realtimeTr from '../realtime/realtime.texts';
import realtimeEn from '../realtime/realtime.texts.en';
import * as reportsTr from '../reports/reports.texts';
import reportsEn from '../reports/reports.texts.en';
import * as rulesTr from '../rules/rules.texts';
import rulesEn from '../rules/rules.texts.en';
import * as settingsTr from '../settings/settings.texts';
import settingsEn from '../settings/settings.texts.en';
import * as socialTr from '../social/social.texts';
import socialEn from '../social/social.texts.en';
import { MAX_TRENDING_LIMIT } from '../trending/dto/trending-query.dto';
import * as trendReviewTr from '../trending/trend-review.texts';
import trendReviewEn from '../trending/trend-review.texts.en';
import * as usersTr from '../users/users.texts';
import usersEn from '../users/users.texts.en';

/** Each texts module (its path under src/) with its Turkish exports and their English twins. */
export const TEXT_MODULES: Record<string, readonly [turkish: object, english: object]> = {
  'admin/admin.texts.ts': [adminTr, adminEn],
  'auth/auth.texts.ts': [authTr, authEn],
  'common/common.texts.ts': [commonTr, commonEn],
  'common/http/http.texts.ts': [httpTr, httpEn],
  'common/idempotency/idempotency.texts.ts': [idempotencyTr, idempotencyEn],
  'health/health.texts.ts': [healthTr, healthEn],
  'mail/mail.texts.ts': [mailTr, mailEn],
  'media/media.texts.ts': [mediaTr, mediaEn],
  'messages/messages.texts.ts': [messagesTr, messagesEn],
  'moderation/moderation.texts.ts': [moderationTr, moderationEn],
  'notifications/notifications.texts.ts': [notificationsTr, notificationsEn],
  'observability/observability.texts.ts': [observabilityTr, observabilityEn],
  'posts/posts.texts.ts': [postsTr, postsEn],
  'preferences/preferences.texts.ts': [preferencesTr, preferencesEn],
  'realtime/realtime.texts.ts': [realtimeTr, realtimeEn],
  'reports/reports.texts.ts': [reportsTr, reportsEn],
  'rules/rules.texts.ts': [rulesTr, rulesEn],
  'settings/settings.texts.ts': [settingsTr, settingsEn],
  'social/social.texts.ts': [socialTr, socialEn],
  'trending/trend-review.texts.ts': [trendReviewTr, trendReviewEn],
  'users/users.texts.ts': [usersTr, usersEn],
};

/**
 * The exceptions filter's own answers (common/filters/all-exceptions.filter.ts), which are not in
 * a texts module: a status without a message of its own, an unreadable body.
 */
export const FILTER_TEXTS: Record<string, string> = {
  'Oturum açmanız gerekiyor.': 'You need to log in.',
  'Bu kayıt zaten var.': 'This record already exists.',
  'İstek gövdesi çok büyük.': 'The request body is too large.',
  'Desteklenmeyen içerik türü.': 'Unsupported content type.',
  'Sunucuda beklenmeyen bir hata oluştu.': 'An unexpected error occurred on the server.',
  'Hizmet şu anda kullanılamıyor.': 'The service is unavailable right now.',
  'İstek gövdesi geçerli bir JSON değil.': 'The request body is not valid JSON.',
  'Adres geçersiz karakterler içeriyor.': 'The address contains invalid characters.',
};

/**
 * Validation messages written inline in a DTO's decorators (auth, admin, trending) rather than in
 * a texts module; english.spec.ts finds every such message in the sources and checks it is here.
 */
export const INLINE_TEXTS: Record<string, string> = {
  'Arama metni geçersiz.': 'The search text is invalid.',
  'E-posta veya kullanıcı adı zorunludur.': 'An e-mail or username is required.',
  'E-posta veya kullanıcı adı çok uzun.': 'The e-mail or username is too long.',
  'E-posta zorunludur.': 'An e-mail is required.',
  'Geçerli bir e-posta adresi girin.': 'Enter a valid e-mail address.',
  'Görünen ad en fazla 50 karakter olabilir.': 'The display name can be at most 50 characters.',
  'Görünen ad zorunludur.': 'A display name is required.',
  'Hesap durumu (isActive) true ya da false olmalıdır.': 'The account state (isActive) must be true or false.',
  'Kullanıcı adı 3-30 karakter olmalıdır.': 'The username must be 3-30 characters long.',
  'Kullanıcı adı zorunludur.': 'A username is required.',
  'Onay rozeti (isVerified) true ya da false olmalıdır.': 'The verified badge (isVerified) must be true or false.',
  'Rol (role) user, moderator ya da admin olmalıdır.': 'The role (role) must be user, moderator or admin.',
  'Sadece harf, rakam ve alt çizgi kullanabilirsiniz': 'Use only letters, digits and underscores',
  'Sayfa numarası 1 ya da daha büyük bir tam sayı olmalıdır.': 'The page number must be a whole number of 1 or more.',
  'Şifre en az 6 karakter olmalıdır.': 'The password must be at least 6 characters long.',
  'Şifre en fazla 128 karakter olabilir.': 'The password can be at most 128 characters.',
  'Şifre sıfırlama bağlantısı geçersiz.': 'The password reset link is invalid.',
  'Şifre zorunludur.': 'A password is required.',
  [`limit 1 ile ${MAX_TRENDING_LIMIT} arasında olmalıdır.`]: `limit must be between 1 and ${MAX_TRENDING_LIMIT}.`,
};

/** Inline messages built with a value (common/pipes/validation.pipe.ts), Turkish beside English. */
export const INLINE_BUILT_TEXTS: readonly (readonly [(field: string) => string, (field: string) => string])[] = [
  [(field) => `Bilinmeyen alan: ${field}`, (field) => `Unknown field: ${field}`],
];

type TextFunction = (...args: unknown[]) => string;

/** A marker no text contains: a private-use character around the argument's index. */
const marker = (i: number) => `\uE000${i}\uE000`;
/** A gap: a marker the function put in, or NaN where it computed with one. */
const GAP = /(\uE000\d+\uE000|NaN)/;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Shape {
  pattern: RegExp;
  /** The English output's pieces: text, or the index of the Turkish gap that fills it. */
  english: (string | number)[];
}

/** Names each gap of an output: the marker itself, or `NaN#k` for its k-th NaN. */
function gaps(output: string): (string | { key: string })[] {
  let nan = 0;
  return output.split(GAP).map((piece, i) => (i % 2 === 0 ? piece : { key: piece === 'NaN' ? `NaN#${nan++}` : piece }));
}

function shapeOf(turkish: TextFunction, english: TextFunction): Shape | null {
  const args = Array.from({ length: Math.max(turkish.length, english.length) }, (_, i) => marker(i));
  let tr: string;
  let en: string;
  try {
    tr = turkish(...args);
    en = english(...args);
  } catch {
    return null;
  }
  const trPieces = gaps(tr);
  const keys = trPieces.filter((p): p is { key: string } => typeof p !== 'string').map((p) => p.key);
  if (keys.length === 0) return null;
  const pattern = new RegExp(`^${trPieces.map((p) => (typeof p === 'string' ? escape(p) : '([\\s\\S]+?)')).join('')}$`);
  const out: (string | number)[] = [];
  for (const piece of gaps(en)) {
    if (typeof piece === 'string') out.push(piece);
    else {
      const index = keys.indexOf(piece.key);
      if (index < 0) return null;
      out.push(index);
    }
  }
  return { pattern, english: out };
}

const exact = new Map<string, string>([...Object.entries(FILTER_TEXTS), ...Object.entries(INLINE_TEXTS)]);
const shapes: Shape[] = [];

function collect(turkish: unknown, english: unknown): void {
  if (typeof turkish === 'string' && typeof english === 'string') {
    if (!exact.has(turkish)) exact.set(turkish, english);
  } else if (typeof turkish === 'function' && typeof english === 'function') {
    const shape = shapeOf(turkish as TextFunction, english as TextFunction);
    if (shape) shapes.push(shape);
  } else if (turkish && english && typeof turkish === 'object' && typeof english === 'object') {
    for (const [key, value] of Object.entries(english)) collect((turkish as Record<string, unknown>)[key], value);
  }
}

for (const [turkish, english] of Object.values(TEXT_MODULES)) collect(turkish, english);
for (const [turkish, english] of INLINE_BUILT_TEXTS) collect(turkish, english);

/** The English twin of a Turkish server message, or undefined when it has none. */
export function toEnglish(turkish: string): string | undefined {
  const found = exact.get(turkish);
  if (found !== undefined) return found;
  for (const shape of shapes) {
    const match = shape.pattern.exec(turkish);
    if (match) return shape.english.map((piece) => (typeof piece === 'number' ? match[piece + 1] : piece)).join('');
  }
  return undefined;
}
