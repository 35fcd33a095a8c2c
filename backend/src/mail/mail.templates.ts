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
