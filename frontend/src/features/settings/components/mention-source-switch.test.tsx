import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { member, renderWithProviders } from '../../../test/render';
import { MentionSourceSwitch } from './mention-source-switch';

const CLASSES = { row: 'setting', text: 'setting__text', label: 'setting__label', hint: 'setting__hint', input: 'switch' };
const NAME = 'Yalnızca takip ettiklerimden bahsetmeler';

function theSwitch() {
  return screen.getByRole('switch', { name: NAME }) as HTMLInputElement;
}

describe('MentionSourceSwitch', () => {
  it('shows the server’s value, disabled while it loads, and saves a change to the server', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { calls } = renderWithProviders(<MentionSourceSwitch classes={CLASSES} />, {
      user: member,
      fetch: {
        'GET /api/notifications/preferences': async () => {
          await held;
          return { body: { mentionsFrom: 'following' } };
        },
        'PUT /api/notifications/preferences': (init) => ({ body: JSON.parse(String(init?.body)) }),
      },
    });
    expect((await screen.findByRole('switch', { name: NAME }) as HTMLInputElement).disabled).toBe(true);
    release();
    await waitFor(() => expect(theSwitch().disabled).toBe(false));
    expect(theSwitch().checked).toBe(true);

    await userEvent.click(theSwitch());
    await waitFor(() => expect(theSwitch().disabled).toBe(false));
    expect(theSwitch().checked).toBe(false);
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ mentionsFrom: 'everyone' }]);
  });

  it('puts the switch back and says why when the server refuses the change', async () => {
    renderWithProviders(<MentionSourceSwitch classes={CLASSES} />, {
      user: member,
      fetch: {
        'GET /api/notifications/preferences': { body: { mentionsFrom: 'everyone' } },
        'PUT /api/notifications/preferences': { status: 400, body: { statusCode: 400, message: 'Bahsetme tercihi herkes (everyone) ya da takip ettiklerim (following) olmalıdır.' } },
      },
    });
    await waitFor(() => expect(theSwitch().disabled).toBe(false));
    await userEvent.click(theSwitch());
    expect((await screen.findByRole('alert')).textContent).toBe('Bahsetme tercihi herkes (everyone) ya da takip ettiklerim (following) olmalıdır.');
    expect(theSwitch().checked).toBe(false);
  });

  it('a failed load shows its error with a retry that loads it again', async () => {
    let fail = true;
    renderWithProviders(<MentionSourceSwitch classes={CLASSES} />, {
      user: member,
      fetch: {
        'GET /api/notifications/preferences': () => (fail ? { networkError: true } : { body: { mentionsFrom: 'following' } }),
      },
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Bahsetme tercihi yüklenemedi.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Tekrar dene' }));
    await waitFor(() => expect(theSwitch().checked).toBe(true));
  });
});
