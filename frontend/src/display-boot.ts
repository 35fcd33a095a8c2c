// The stored theme and font size on <html> before the first paint (issue 26). index.html names
// this file in its <head> as a classic, blocking script (vite.config.ts, displayBoot): the parser
// runs it before it reaches <body>, so a server-rendered page (a guest's `/`, Explore, a member's
// `/`) and the app's own first screen paint in the member's theme, not in the system's for a frame
// until the app's entry (deferred, or after the paint on `/`) applies it. A file of this origin:
// the Content-Security-Policy (`script-src 'self'`) allows no inline script.
//
// It imports nothing (a classic script cannot, and a shared chunk would be a second request) and
// repeats, in a few lines, what lib/preferences.ts does with the same stored object:
// applyDisplayPreferences(cachedDisplay()). display-boot.test.ts holds the two equal.
try {
  const display = (JSON.parse(localStorage.getItem('gundem_preferences') ?? 'null') as { display?: Record<string, unknown> } | null)?.display;
  const root = document.documentElement;
  if (display?.theme === 'light' || display?.theme === 'dark') root.dataset.theme = display.theme;
  if (display?.fontSize === 'small' || display?.fontSize === 'large') root.dataset.fontSize = display.fontSize;
} catch {
  // No storage, or not JSON: the system's theme and the medium size, as the app will decide too.
}

// A module to TypeScript (its test imports it); the build's output has no export (displayBoot checks).
export {};
