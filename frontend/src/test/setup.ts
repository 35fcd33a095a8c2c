// Vitest setup: a clean DOM, storage, globals and clock for every test.
import { cleanup, configure } from '@testing-library/react';
import { loadRealtime } from '../lib/realtime/hooks';
import { createFakeSocket } from './fake-socket';

// A Turkish browser (jsdom's is en-US): the app's texts, which locales/language.ts settles once as
// they load, are the Turkish ones the tests read (locales/en/keys.test.ts checks the English).
Object.defineProperty(navigator, 'languages', { value: ['tr-TR', 'tr'], configurable: true });
Object.defineProperty(navigator, 'language', { value: 'tr-TR', configurable: true });

// Screens mounted with the app's providers would open a real socket: give them a fake that
// never connects. Tests of live behaviour inject their own (renderWithProviders' `socket`).
vi.mock('socket.io-client', () => ({
  io: () => createFakeSocket({ autoConnect: false }).socket,
}));

// Screens are lazy chunks (app/router.tsx) that vitest transforms on their first import: on a busy
// machine that alone can pass the default 1 s of findBy*/waitFor, and in CI, beside the browser
// group and Node 22's backend on two cores, 3 s too (the Mesajlar badge after a reload at
// /explore). Every wait is for an element or a state; this only bounds a hang.
configure({ asyncUtilTimeout: 10_000 });

// The realtime client's module is a chunk the app fetches (lib/realtime/hooks.ts): loaded here
// once, a <SocketProvider> has its client from its first render, as the tests expect.
await loadRealtime();

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

// jsdom has no scrolling; the app's ScrollRestoration calls it on every navigation.
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;
