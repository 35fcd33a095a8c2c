import { loadConfig } from '../config/app-config';
import { allowedOrigins, originAllowed } from './origin-check';

describe('originAllowed (cross-site WebSocket hijacking)', () => {
  const config = { appUrl: 'https://gundem.example/app', allowedOrigins: ['https://mobil.gundem.example'], nodeEnv: 'production' as const };
  const allowed = allowedOrigins(config);
  const req = (headers: Record<string, string>) => ({ headers });

  it('allows APP_URL’s origin, ALLOWED_ORIGINS and the page’s own host', () => {
    expect(originAllowed(req({ origin: 'https://gundem.example', host: 'node-1:3000' }), allowed)).toBe(true);
    expect(originAllowed(req({ origin: 'https://mobil.gundem.example', host: 'node-1:3000' }), allowed)).toBe(true);
    expect(originAllowed(req({ origin: 'http://10.0.0.5:3000', host: '10.0.0.5:3000' }), allowed)).toBe(true);
  });

  it('allows a handshake without Origin (not a browser page)', () => {
    expect(originAllowed(req({ host: 'node-1:3000' }), allowed)).toBe(true);
  });

  it('refuses another site, another scheme or port of ours, null and garbage', () => {
    for (const origin of ['https://kotu.example', 'http://gundem.example', 'https://gundem.example:8443', 'null', 'gundem.example']) {
      expect(originAllowed(req({ origin, host: 'node-1:3000' }), allowed)).toBe(false);
    }
  });

  it('adds Vite’s dev server in development only', () => {
    const dev = allowedOrigins({ ...config, nodeEnv: 'development' });
    expect(originAllowed(req({ origin: 'http://localhost:5173', host: 'localhost:3000' }), dev)).toBe(true);
    expect(originAllowed(req({ origin: 'http://localhost:5173', host: 'localhost:3000' }), allowed)).toBe(false);
  });

  it('reads ALLOWED_ORIGINS as origins and reports what is not an http(s) address', () => {
    expect(loadConfig({ ALLOWED_ORIGINS: ' https://a.example/yol , http://b.example:8080 ' }).allowedOrigins).toEqual(['https://a.example', 'http://b.example:8080']);
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'ftp://a.example,b' })).toThrow(/ALLOWED_ORIGINS içindeki "ftp:\/\/a.example"[\s\S]*"b"/);
  });
});
