import type { EnglishTexts } from '../common/i18n/english-texts';
import type { Language } from '../common/i18n/language';
import type { Mail } from './mail.service';
import * as turkish from './mail.texts';
import english from './mail.texts.en';

/**
 * Every mail in Turkish (byte for byte as before issue 26) or English: the caller picks the
 * language (common/i18n/language.ts `mailLanguage`): the member's chosen one, else the request's
 * for a mail a request triggers, else Turkish.
 */
type MailTexts = EnglishTexts<typeof turkish>;

function textsOf(language: Language): MailTexts {
  return language === 'en' ? english : turkish;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(language: Language, title: string, body: string, link: string, button: string): string {
  const texts = textsOf(language);
  return `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;max-width:520px;margin:auto;padding:24px;color:#0f1419">
<h1 style="font-size:20px">${escape(title)}</h1><p>${body}</p>
<p><a href="${escape(link)}" style="display:inline-block;background:#e0245e;color:#fff;padding:10px 18px;border-radius:999px;text-decoration:none">${escape(button)}</a></p>
<p style="color:#536471;font-size:13px">${escape(texts.MAIL_LINK_FALLBACK)}<br>${escape(link)}</p>
<p style="color:#536471;font-size:13px">${escape(texts.MAIL_SIGNATURE)}</p></body></html>`;
}

export function passwordResetMail(to: string, displayName: string, link: string, language: Language = 'tr'): Mail {
  const texts = textsOf(language);
  const intro = texts.resetIntro(displayName);
  return {
    to,
    subject: texts.RESET_SUBJECT,
    text: `${intro}\n\n${texts.resetLinkLine(link)}\n\n${texts.MAIL_SIGNATURE}`,
    html: layout(language, texts.RESET_TITLE, escape(intro), link, texts.RESET_BUTTON),
    link,
  };
}

export function verifyEmailMail(to: string, displayName: string, link: string, language: Language = 'tr'): Mail {
  const texts = textsOf(language);
  const intro = texts.verifyIntro(displayName);
  return {
    to,
    subject: texts.VERIFY_SUBJECT,
    text: `${intro}\n\n${link}\n\n${texts.MAIL_SIGNATURE}`,
    html: layout(language, texts.VERIFY_TITLE, escape(intro), link, texts.VERIFY_BUTTON),
    link,
  };
}

/** Staff approved a registration that waited (docs/wire-contract.md#registration-approval). */
export function registrationApprovedMail(to: string, displayName: string, link: string, language: Language = 'tr'): Mail {
  const texts = textsOf(language);
  const intro = texts.approvedIntro(displayName);
  return {
    to,
    subject: texts.APPROVED_SUBJECT,
    text: `${intro}\n\n${link}\n\n${texts.MAIL_SIGNATURE}`,
    html: layout(language, texts.APPROVED_TITLE, escape(intro), link, texts.GO_TO_GUNDEM),
    link,
  };
}

/** Staff rejected a registration that waited. */
export function registrationRejectedMail(to: string, displayName: string, link: string, language: Language = 'tr'): Mail {
  const texts = textsOf(language);
  const intro = texts.rejectedIntro(displayName);
  return {
    to,
    subject: texts.REJECTED_SUBJECT,
    text: `${intro}\n\n${link}\n\n${texts.MAIL_SIGNATURE}`,
    html: layout(language, texts.REJECTED_TITLE, escape(intro), link, texts.GO_TO_GUNDEM),
    link,
  };
}

/** One line of the daily digest: who did what (`Ayşe ve 2 kişi daha gönderinizi beğendi`), and on which post. */
export interface DigestLine {
  type: string;
  actorName: string | null;
  actorCount: number;
  postContent: string | null;
}

function digestLine(texts: MailTexts, line: DigestLine): string {
  if (line.type === 'moderation') return texts.DIGEST_MODERATION;
  if (line.type === 'report_resolved') return texts.DIGEST_REPORT_RESOLVED;
  const name = line.actorName ?? texts.DIGEST_SOMEONE;
  const who = line.actorCount > 1 ? texts.digestActors(name, line.actorCount - 1) : name;
  const action = Object.hasOwn(texts.DIGEST_ACTIONS, line.type) ? texts.DIGEST_ACTIONS[line.type as keyof MailTexts['DIGEST_ACTIONS']] : texts.DIGEST_OTHER_ACTION;
  const excerpt = line.postContent ? `: “${line.postContent.length > 80 ? `${line.postContent.slice(0, 79)}…` : line.postContent}”` : '';
  return `${who} ${action}${excerpt}`;
}

/**
 * The daily digest of unread notifications (notifications/notification-digest.ts): the count and
 * the newest few, with the way to turn it off.
 */
export function notificationDigestMail(to: string, displayName: string, unreadCount: number, lines: DigestLine[], link: string, language: Language = 'tr'): Mail {
  const texts = textsOf(language);
  const intro = texts.digestIntro(displayName, unreadCount);
  const items = lines.map((line) => digestLine(texts, line));
  const more = unreadCount > lines.length ? texts.digestMore(unreadCount - lines.length) : '';
  const footer = texts.DIGEST_FOOTER;
  const text = [intro, '', ...items.map((item) => `• ${item}`), ...(more ? [more] : []), '', texts.digestLinkLine(link), '', footer, '', texts.MAIL_SIGNATURE].join('\n');
  const body = `${escape(intro)}</p><ul>${items.map((item) => `<li>${escape(item)}</li>`).join('')}</ul><p>${escape(more)}</p><p style="color:#536471;font-size:13px">${escape(footer)}`;
  return {
    to,
    subject: texts.digestSubject(unreadCount),
    text,
    html: layout(language, texts.DIGEST_TITLE, body, link, texts.DIGEST_BUTTON),
  };
}
