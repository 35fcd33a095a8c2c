import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { NotificationsView } from './notifications-view';

function renderLoaded() {
  vi.useFakeTimers();
  const view = renderWithProviders(<NotificationsView />);
  act(() => {
    vi.advanceTimersByTime(500);
  });
  return view;
}

function items() {
  return screen.getAllByTestId('notification');
}

function unread() {
  return items().filter((item) => item.getAttribute('data-read') === 'false');
}

function tab(name: string) {
  return screen.getByRole('tab', { name });
}

describe('NotificationsView', () => {
  it('shows a loading state, then the sample notifications after 500 ms', () => {
    vi.useFakeTimers();
    const { fetchMock } = renderWithProviders(<NotificationsView />);
    expect(screen.getByRole('status', { name: 'Yükleniyor…' })).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(screen.queryAllByTestId('notification')).toHaveLength(0);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('status', { name: 'Yükleniyor…' })).toBeNull();
    expect(items()).toHaveLength(8);
    // Never from the server.
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows who did what, on which post, and when (g/sa/dk/s)', () => {
    renderLoaded();
    const first = within(items()[0]);
    expect(first.getByText('Zeynep Kaya')).toBeTruthy();
    expect(first.getByText('gönderini beğendi')).toBeTruthy();
    expect(first.getByRole('img', { name: 'Onaylı hesap' })).toBeTruthy();
    expect(first.getByText(/Boğaz’da yürüyüş/)).toBeTruthy();
    expect(first.getByText('40s')).toBeTruthy();
    expect(within(items()[1]).getByText('seni takip etmeye başladı')).toBeTruthy();
    expect(within(items()[1]).getByText('12dk')).toBeTruthy();
    expect(within(items()[2]).getByText('senden bahsetti')).toBeTruthy();
    expect(within(items()[2]).getByText('2sa')).toBeTruthy();
    expect(within(items()[3]).getByText('gönderine yanıt verdi')).toBeTruthy();
    expect(within(items()[4]).getByText('gönderini yeniden paylaştı')).toBeTruthy();
    expect(within(items()[4]).getByText('1g')).toBeTruthy();
    expect(within(items()[1]).queryByRole('img', { name: 'Onaylı hesap' })).toBeNull();
  });

  it('marks one notification read when it is clicked', () => {
    renderLoaded();
    expect(unread()).toHaveLength(4);
    expect(screen.getByText('4 okunmamış bildirim')).toBeTruthy();
    fireEvent.click(items()[1]);
    expect(items()[1].getAttribute('data-read')).toBe('true');
    expect(within(items()[1]).queryByText('Okunmadı')).toBeNull();
    expect(unread()).toHaveLength(3);
    expect(items()[0].getAttribute('data-read')).toBe('false');
  });

  it('marks every notification read at once', () => {
    renderLoaded();
    const button = screen.getByRole('button', { name: 'Tümünü okundu işaretle' });
    fireEvent.click(button);
    expect(unread()).toHaveLength(0);
    expect(screen.queryByText('Okunmadı')).toBeNull();
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('filters by tab: all, mentions (and replies), verified accounts', () => {
    renderLoaded();
    expect(tab('Tümü').getAttribute('aria-selected')).toBe('true');
    expect(items()).toHaveLength(8);

    fireEvent.click(tab('Bahsedenler'));
    expect(tab('Bahsedenler').getAttribute('aria-selected')).toBe('true');
    expect(
      items().map((item) => item.className.match(/notification--(\w+)/)?.[1]),
    ).toEqual(['mention', 'reply', 'mention']);

    fireEvent.click(tab('Onaylı'));
    const names = items().map((item) => item.querySelector('.notification__name')?.textContent);
    expect(names).toEqual(['Zeynep Kaya', 'Teknoloji Gündemi', 'gündem', 'Spor Masası']);

    // Read state is kept across tabs.
    fireEvent.click(items()[0]);
    fireEvent.click(tab('Tümü'));
    expect(items()[0].getAttribute('data-read')).toBe('true');
  });
});
