import { CENSOR, safeUrl, scrubSecrets, serializeError } from './redact';

describe('safeUrl', () => {
  it('keeps the path and harmless parameters, hides the values of secret ones', () => {
    expect(safeUrl('/api/posts/timeline')).toBe('/api/posts/timeline');
    expect(safeUrl('/api/posts/search?q=merhaba%20d%C3%BCnya&cursor=abc')).toBe('/api/posts/search?q=merhaba%20d%C3%BCnya&cursor=abc');
    expect(safeUrl('/socket.io/?EIO=4&transport=polling&token=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln')).toBe(`/socket.io/?EIO=4&transport=polling&token=${CENSOR}`);
    expect(safeUrl('/reset-password?token=abc&email=a%40b.c')).toBe(`/reset-password?token=${CENSOR}&email=a%40b.c`);
    for (const name of ['access_token', 'refreshToken', 'resetToken', 'password', 'PASSWORD']) {
      expect(safeUrl(`/x?${name}=gizli`)).toBe(`/x?${name}=${CENSOR}`);
    }
  });
});

describe('scrubSecrets', () => {
  it('hides connection-URL passwords, Authorization credentials and JWTs inside text', () => {
    expect(scrubSecrets('DATABASE_URL=postgres://gundem:s3cr3t@db:5432/gundem bağlanılamadı')).toBe(`DATABASE_URL=postgres://gundem:${CENSOR}@db:5432/gundem bağlanılamadı`);
    expect(scrubSecrets('redis://:parola@127.0.0.1:6379/0')).toBe(`redis://:${CENSOR}@127.0.0.1:6379/0`);
    expect(scrubSecrets('Authorization: Bearer abc.def.ghi')).toBe(`Authorization: Bearer ${CENSOR}`);
    expect(scrubSecrets('jeton eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl geçersiz')).toBe(`jeton ${CENSOR} geçersiz`);
  });

  it('leaves ordinary text alone', () => {
    const text = 'E-posta ayse@ornek.com adresine yazıldı: http://localhost:3000/api/docs';
    expect(scrubSecrets(text)).toBe(text);
  });

  it('also reaches an error’s message and stack', () => {
    const serialized = serializeError(new Error('connect failed: postgres://u:pw@h/db'));
    expect(serialized.message).toBe(`connect failed: postgres://u:${CENSOR}@h/db`);
    expect(serialized.stack).not.toContain(':pw@');
  });
});
