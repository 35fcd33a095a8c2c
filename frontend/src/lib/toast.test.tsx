import { screen, within } from '@testing-library/react';
import { tr } from '../locales/tr';
import { member, renderWithProviders } from '../test/render';
import { showToast } from './toast';
import { RootLayout } from '../app/layout/root-layout';

describe('toasts', () => {
  it('mounts the toaster with the first toast and shows it, then the next ones too', async () => {
    renderWithProviders(<RootLayout />, { user: member });
    // No toaster (nor its code) before a toast is asked for.
    expect(screen.queryByRole('region', { name: tr.toasts })).toBeNull();
    showToast('Gönderi silindi');
    const region = await screen.findByRole('region', { name: tr.toasts });
    expect(await within(region).findByText('Gönderi silindi')).toBeTruthy();
    showToast('Silinemedi', 'error');
    const failure = await within(region).findByText('Silinemedi');
    expect(failure.closest('[data-sonner-toast]')?.getAttribute('data-type')).toBe('error');
  });
});

