import { applyDisplayPreferences, cachedDisplay } from './lib/preferences';
import { PREFERENCES_KEY } from './lib/preferences-cache';

/**
 * The <head> script (display-boot.ts) sets what the app's own start would set from the same stored
 * object: the two agree for every stored value, well-formed or not.
 */
describe('display-boot: the stored theme and font size before the first paint', () => {
  const root = document.documentElement;

  /** What the boot script leaves on <html> for `stored` (a raw localStorage value, or none). */
  async function boot(stored: string | null) {
    delete root.dataset.theme;
    delete root.dataset.fontSize;
    if (stored === null) localStorage.removeItem(PREFERENCES_KEY);
    else localStorage.setItem(PREFERENCES_KEY, stored);
    vi.resetModules();
    await import('./display-boot');
    return { theme: root.dataset.theme, fontSize: root.dataset.fontSize };
  }

  /** What the app's applyDisplayPreferences(cachedDisplay()) leaves for the same value. */
  function app() {
    const element = document.createElement('html');
    applyDisplayPreferences(cachedDisplay(), element);
    return { theme: element.dataset.theme, fontSize: element.dataset.fontSize };
  }

  afterEach(() => {
    localStorage.clear();
    delete root.dataset.theme;
    delete root.dataset.fontSize;
  });

  it('puts a dark theme and a large font size on <html>', async () => {
    expect(await boot(JSON.stringify({ display: { theme: 'dark', fontSize: 'large', language: 'tr' } }))).toEqual({ theme: 'dark', fontSize: 'large' });
  });

  it.each([
    ['nothing stored', null],
    ['light and small', JSON.stringify({ display: { theme: 'light', fontSize: 'small' } })],
    ['auto and medium', JSON.stringify({ display: { theme: 'auto', fontSize: 'medium' } })],
    ['dark only', JSON.stringify({ display: { theme: 'dark' } })],
    ['unknown values', JSON.stringify({ display: { theme: 'sepia', fontSize: 99 } })],
    ['no display part', JSON.stringify({ privacy: { protectedTweets: true } })],
    ['a display that is not an object', JSON.stringify({ display: 'dark' })],
    ['JSON null', 'null'],
    ['a number', '42'],
    ['not JSON', '{display:'],
  ])('agrees with the app for %s', async (_name, stored) => {
    const booted = await boot(stored);
    expect(booted).toEqual(app());
  });
});
