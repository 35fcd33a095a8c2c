import { useEffect } from 'react';
import { tr } from '../locales/tr';

// The title is the screen's name with, for a member, the unread count in front like X:
// "(3) Keşfet / gündem". Screens set the name, LiveNotifications the count; whichever changes
// writes both.
let base: string = tr.app.title;
let unread = '';

function apply() {
  document.title = unread ? `(${unread}) ${base}` : base;
}

/** The title's "(N) " prefix: the unread count as shown (`3`, `999+`), or none for 0. */
export function setTitleCount(count: string | null): void {
  unread = count ?? '';
  apply();
}

/**
 * Names the browser tab after the screen (`Keşfet / gündem`), so history, tabs and screen
 * readers tell pages apart. Without a page name it is the product's own title, which `/` keeps
 * (docs/product.md#audience).
 */
export function useDocumentTitle(page?: string) {
  const title = page ? tr.app.pageTitle(page) : tr.app.title;
  useEffect(() => {
    base = title;
    apply();
  }, [title]);
}
