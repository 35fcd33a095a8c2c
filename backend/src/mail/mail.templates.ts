import type { Mail } from './mail.service';

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(title: string, body: string, link: string, button: string): string {
  return `<!doctype html><html lang="tr"><body style="font-family:system-ui,sans-serif;max-width:520px;margin:auto;padding:24px;color:#0f1419">
<h1 style="font-size:20px">${escape(title)}</h1><p>${body}</p>
<p><a href="${escape(link)}" style="display:inline-block;background:#e0245e;color:#fff;padding:10px 18px;border-radius:999px;text-decoration:none">${escape(button)}</a></p>
<p style="color:#536471;font-size:13px">Düğme çalışmazsa bu adresi tarayıcınıza yapıştırın:<br>${escape(link)}</p>
<p style="color:#536471;font-size:13px">— gündem</p></body></html>`;
}

export function passwordResetMail(to: string, displayName: string, link: string): Mail {
  const intro = `Merhaba ${displayName}, gündem hesabınız için bir şifre sıfırlama isteği aldık. Bağlantı bir saat geçerlidir ve yalnızca bir kez kullanılabilir. Bu isteği siz yapmadıysanız bu e-postayı yok sayabilirsiniz.`;
  return {
    to,
    subject: 'gündem şifre sıfırlama',
    text: `${intro}\n\nYeni şifrenizi belirlemek için: ${link}\n\n— gündem`,
    html: layout('Şifrenizi sıfırlayın', escape(intro), link, 'Yeni şifre belirle'),
    link,
  };
}

export function verifyEmailMail(to: string, displayName: string, link: string): Mail {
  const intro = `Merhaba ${displayName}, gündem'e hoş geldiniz! Hesabınızı doğrulamak için aşağıdaki bağlantıya tıklayın.`;
  return {
    to,
    subject: 'gündem e-posta doğrulama',
    text: `${intro}\n\n${link}\n\n— gündem`,
    html: layout('E-posta adresinizi doğrulayın', escape(intro), link, 'Hesabımı doğrula'),
    link,
  };
}

/** Staff approved a registration that waited (docs/wire-contract.md#registration-approval). */
export function registrationApprovedMail(to: string, displayName: string, link: string): Mail {
  const intro = `Merhaba ${displayName}, gündem kayıt başvurunuz onaylandı. Artık giriş yapabilirsiniz.`;
  return {
    to,
    subject: 'gündem kaydınız onaylandı',
    text: `${intro}\n\n${link}\n\n— gündem`,
    html: layout('Kaydınız onaylandı', escape(intro), link, 'gündem’e git'),
    link,
  };
}

/** Staff rejected a registration that waited. */
export function registrationRejectedMail(to: string, displayName: string, link: string): Mail {
  const intro = `Merhaba ${displayName}, gündem kayıt başvurunuz onaylanmadı. Bu hesapla giriş yapılamaz.`;
  return {
    to,
    subject: 'gündem kayıt başvurunuz',
    text: `${intro}\n\n${link}\n\n— gündem`,
    html: layout('Kayıt başvurunuz onaylanmadı', escape(intro), link, 'gündem’e git'),
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

const DIGEST_ACTIONS: Record<string, string> = {
  like: 'gönderinizi beğendi',
  repost: 'gönderinizi yeniden paylaştı',
  reply: 'gönderinize yanıt verdi',
  follow: 'sizi takip etmeye başladı',
  mention: 'bir gönderide sizden bahsetti',
};

function digestLine(line: DigestLine): string {
  if (line.type === 'moderation') return 'Hesabınızla ilgili bir moderasyon bildirimi var.';
  if (line.type === 'report_resolved') return 'Şikâyetiniz sonuçlandı.';
  const who = line.actorCount > 1 ? `${line.actorName ?? 'Biri'} ve ${line.actorCount - 1} kişi daha` : (line.actorName ?? 'Biri');
  const action = DIGEST_ACTIONS[line.type] ?? 'bir etkinlikte bulundu';
  const excerpt = line.postContent ? `: “${line.postContent.length > 80 ? `${line.postContent.slice(0, 79)}…` : line.postContent}”` : '';
  return `${who} ${action}${excerpt}`;
}

/**
 * The daily digest of unread notifications (notifications/notification-digest.ts): the count and
 * the newest few, with the way to turn it off.
 */
export function notificationDigestMail(to: string, displayName: string, unreadCount: number, lines: DigestLine[], link: string): Mail {
  const intro = `Merhaba ${displayName}, gündem'de ${unreadCount} okunmamış bildiriminiz var.`;
  const items = lines.map(digestLine);
  const more = unreadCount > lines.length ? `ve ${unreadCount - lines.length} bildirim daha.` : '';
  const footer = 'Bu e-postayı günde en fazla bir kez gönderiyoruz. Ayarlar › Bildirimler › E-posta bildirimleri ile kapatabilirsiniz.';
  const text = [intro, '', ...items.map((item) => `• ${item}`), ...(more ? [more] : []), '', `Bildirimleriniz: ${link}`, '', footer, '', '— gündem'].join('\n');
  const body = `${escape(intro)}</p><ul>${items.map((item) => `<li>${escape(item)}</li>`).join('')}</ul><p>${escape(more)}</p><p style="color:#536471;font-size:13px">${escape(footer)}`;
  return {
    to,
    subject: `gündem: ${unreadCount} okunmamış bildirim`,
    text,
    html: layout('Okunmamış bildirimleriniz', body, link, 'Bildirimlere git'),
  };
}
