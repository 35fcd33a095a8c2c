import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { mockFetch, type MockRoutes } from '../../test/fetch-mock';
import { AppProviders } from '../providers';
import { AppRoutes } from '../router';

async function renderRules(api: MockRoutes) {
  mockFetch(api);
  render(
    <AppProviders>
      <MemoryRouter initialEntries={['/kurallar']}>
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  await waitFor(() => expect(document.querySelector('.route-loading')).toBeNull());
}

const main = () => screen.getByRole('main');

describe('/kurallar', () => {
  it('shows a guest the rules numbered, with their hints, under the page title', async () => {
    await renderRules({
      'GET /api/rules': {
        body: {
          rules: [
            { id: 'r1', position: 1, text: 'Saygılı olun.', hint: 'Kişilere değil fikirlere itiraz edin.' },
            { id: 'r2', position: 2, text: 'Spam yok.', hint: null },
          ],
        },
      },
    });
    expect(within(main()).getByRole('heading', { level: 1, name: 'Sunucu kuralları' })).toBeTruthy();
    const list = await within(main()).findByRole('list', { name: 'Kurallar' });
    expect(list.tagName).toBe('OL');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Saygılı olun.Kişilere değil fikirlere itiraz edin.', 'Spam yok.']);
    expect(items[1].id).toBe('kural-2');
    expect(document.title).toMatch(/^Sunucu kuralları \/ gündem$/);
  });

  it('shows the empty state when there are no rules', async () => {
    await renderRules({ 'GET /api/rules': { body: { rules: [] } } });
    expect(await within(main()).findByRole('heading', { name: 'Henüz kural yok' })).toBeTruthy();
  });

  it('shows an error with a retry', async () => {
    let fail = true;
    await renderRules({ 'GET /api/rules': () => (fail ? { status: 500, body: {} } : { body: { rules: [{ id: 'r1', position: 1, text: 'Saygılı olun.', hint: null }] } }) });
    const alert = await within(main()).findByRole('alert');
    expect(alert.textContent).toContain('Kurallar yüklenemedi.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Tekrar dene' }));
    expect(await within(main()).findByText('Saygılı olun.')).toBeTruthy();
  });
});
