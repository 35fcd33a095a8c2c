import { act, screen, waitFor } from '@testing-library/react';
import { createFakeSocket, type FakeSocket } from '../test/fake-socket';
import { member, renderWithProviders } from '../test/render';
import { useSocketEvent } from '../lib/realtime/hooks';
import { SOCKET_BACK_MS, SOCKET_DOWN_GRACE_MS, SocketIndicator } from './socket-indicator';

/** A screen that uses the socket (it opens on the first subscription). */
function Live() {
  useSocketEvent('post:new', () => undefined);
  return <SocketIndicator />;
}

async function setup() {
  const fake = createFakeSocket();
  renderWithProviders(<Live />, { user: member, socket: fake.factory });
  const region = await screen.findByTestId('socket-status');
  // The client connects once the page is idle (socket-client.ts whenIdle), after the first render:
  // under load the region is there before the connection.
  await waitFor(() => expect(fake.socket.connected).toBe(true));
  return { socket: fake.socket, region };
}

const drop = (socket: FakeSocket) =>
  act(() => {
    socket.connected = false;
    socket.fire('disconnect', 'transport close');
  });
const back = (socket: FakeSocket) =>
  act(() => {
    socket.connected = true;
    socket.fire('connect');
  });
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('SocketIndicator', () => {
  it('is a polite status region, empty while connected', async () => {
    const { socket, region } = await setup();
    expect(socket.connected).toBe(true);
    expect(region.getAttribute('role')).toBe('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
  });

  it('says the connection dropped only after the grace, then that it is back, then nothing', async () => {
    const { socket, region } = await setup();
    vi.useFakeTimers();
    drop(socket);
    wait(SOCKET_DOWN_GRACE_MS - 1);
    expect(region.textContent).toBe('');
    wait(1);
    expect(region.textContent).toBe('Bağlantı koptu, yeniden bağlanılıyor…');
    back(socket);
    expect(region.textContent).toBe('Yeniden bağlandı');
    wait(SOCKET_BACK_MS);
    expect(region.textContent).toBe('');
  });

  it('shows nothing for a drop shorter than the grace (a reconnect, a new session)', async () => {
    const { socket, region } = await setup();
    vi.useFakeTimers();
    drop(socket);
    wait(SOCKET_DOWN_GRACE_MS / 2);
    back(socket);
    wait(SOCKET_DOWN_GRACE_MS + SOCKET_BACK_MS);
    expect(region.textContent).toBe('');
  });

  it('counts a first connection that never succeeds as down', async () => {
    const fake = createFakeSocket({ autoConnect: false });
    renderWithProviders(<Live />, { user: member, socket: fake.factory });
    const region = await screen.findByTestId('socket-status');
    // The client opens its socket once the page is idle, after the first render: the error of an
    // attempt it has not made yet reaches nobody (a loaded host showed it: the region stayed empty).
    await waitFor(() => expect(fake.socket.connects).toHaveLength(1));
    vi.useFakeTimers();
    act(() => fake.socket.fire('connect_error', new Error('xhr poll error')));
    wait(SOCKET_DOWN_GRACE_MS);
    expect(region.textContent).toBe('Bağlantı koptu, yeniden bağlanılıyor…');
  });
});
