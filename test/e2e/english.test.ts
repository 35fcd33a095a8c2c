import type { Page } from 'playwright-core';
import { describeViolations, runAxe } from './axe';
import { DEMO, type E2E, startE2E, withScreenshots } from './harness';

/**
 * Issue 26: English beside Turkish in the browser. Ayşe picks English in the settings; the page
 * reloads in English (nav, the home tabs, a card's relative time and full date, the profile's
 * join date and post count), axe passes in English, and a refusal of the server comes in
 * English too; a guest whose browser speaks English gets English without choosing, and so does a
 * member who never chose a language, after sign-in; back to
 * Türkçe, the app is Turkish again.
 */
describe('English journey', () => {
  let e2e: E2E;
  let a: Page;
  const MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December';

  beforeAll(async () => {
    e2e = await startE2E();
    ({ page: a } = await e2e.newPage());
    await e2e.signIn(a, DEMO.ayse);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const chooseLanguage = async (page: Page, group: string, name: string) => {
    // The radio is drawn by its label (the input itself is covered): a click on the label's text.
    await page.getByRole('group', { name: group }).getByText(name, { exact: true }).click();
    // The settings edit a draft (issue 26): the language is applied once saved, which reloads the page.
    await page.getByRole('button', { name: group === 'Dil' ? 'Değişiklikleri kaydet' : 'Save changes' }).click();
  };

  it('switches to English in the settings: the app, its dates and counts and the server speak English', () =>
    withScreenshots('english', [a], async () => {
      await a.goto('/settings');
      await a.getByRole('heading', { name: 'Ayarlar', level: 1 }).waitFor();
      expect(await a.evaluate(() => document.documentElement.lang)).toBe('tr');
      await chooseLanguage(a, 'Dil', 'English');
      // The page reloads and starts in English.
      await a.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
      expect(await a.evaluate(() => document.documentElement.lang)).toBe('en');
      const nav = a.getByRole('navigation', { name: 'Main menu' });
      await nav.getByRole('link', { name: 'Home' }).waitFor();
      await nav.getByRole('link', { name: 'Explore' }).waitFor();
      expect(describeViolations(await runAxe(a))).toEqual([]);

      // A refusal of the server (the same muted word twice) in English.
      const field = a.getByLabel('Word or #hashtag');
      await field.fill('pazartesi');
      await a.keyboard.press('Enter');
      await a.getByRole('list', { name: 'Muted words' }).getByText('pazartesi').waitFor();
      await field.fill('Pazartesi');
      await a.keyboard.press('Enter');
      await a.getByText('You already muted this word.').waitFor();
      await a.getByRole('button', { name: 'Remove: pazartesi' }).click();
      await a.getByText('You have not muted any words.').waitFor();

      // Home: the tabs, and a card's time in s/m/h/d with its full date in English.
      await a.goto('/');
      await a.getByRole('tab', { name: 'For you' }).waitFor();
      await a.getByRole('tab', { name: 'Following' }).waitFor();
      const time = a.getByRole('tabpanel').getByRole('article').first().locator('time');
      await time.waitFor();
      expect(await time.textContent()).toMatch(/^\d+[smhd]$/);
      await a.waitForFunction(() => document.querySelector('article time')?.getAttribute('title'));
      expect(await time.getAttribute('title')).toMatch(new RegExp(`^\\d{1,2} (${MONTHS}) \\d{4} \\d{2}:\\d{2}$`));
      expect(describeViolations(await runAxe(a))).toEqual([]);

      // The profile: its join date and its post count.
      await a.goto('/profile');
      await a.getByText(new RegExp(`^Joined (${MONTHS}) \\d{4}$`)).waitFor();
      await a.getByText(/^\d+(\.\d[KM])? posts?$/).first().waitFor();
      await a.getByRole('tab', { name: 'Likes' }).waitFor();
      expect(describeViolations(await runAxe(a))).toEqual([]);
    }));

  it('gives a guest whose browser is English the app in English, and Turkish to a Turkish one', async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.url, locale: 'en-US', viewport: { width: 390, height: 844 } });
    try {
      const guest = await context.newPage();
      await guest.goto('/');
      await guest.getByRole('button', { name: 'Log in' }).or(guest.getByRole('link', { name: 'Log in' })).first().waitFor();
      expect(await guest.evaluate(() => document.documentElement.lang)).toBe('en');
      await guest.getByRole('article').first().waitFor();
      expect(describeViolations(await runAxe(guest))).toEqual([]);
    } finally {
      await context.close();
    }
    const { page: turkish } = await e2e.newPage();
    await turkish.goto('/');
    await turkish.getByRole('article').first().waitFor();
    expect(await turkish.evaluate(() => document.documentElement.lang)).toBe('tr');
  });

  it('keeps a member who never chose a language in their English browser’s language after sign-in', async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.url, locale: 'en-US', viewport: { width: 1280, height: 900 } });
    try {
      const member = await context.newPage();
      // The moderator never chose a language: the server's settings object has none (issue 26), so
      // the copy applied at sign-in keeps the browser's, and the next start too.
      const answered = member.waitForResponse((res) => res.url().endsWith('/api/users/me/preferences') && res.request().method() === 'GET');
      await e2e.signIn(member, DEMO.moderator);
      const body = (await (await answered).json()) as { display: Record<string, unknown> };
      expect(body.display).not.toHaveProperty('language');
      await member.reload();
      await member.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home' }).waitFor();
      expect(await member.evaluate(() => document.documentElement.lang)).toBe('en');
      expect(await member.evaluate(() => JSON.parse(localStorage.getItem('gundem_preferences') ?? '{}').display?.language)).toBe('en');
    } finally {
      await context.close();
    }
  });

  it('goes back to Türkçe', async () => {
    await a.goto('/settings');
    await a.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await chooseLanguage(a, 'Language', 'Türkçe');
    await a.getByRole('heading', { name: 'Ayarlar', level: 1 }).waitFor();
    expect(await a.evaluate(() => document.documentElement.lang)).toBe('tr');
    await a.getByRole('navigation', { name: 'Ana menü' }).getByRole('link', { name: 'Anasayfa' }).waitFor();
  });
});
