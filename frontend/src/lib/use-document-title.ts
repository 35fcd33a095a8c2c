import { useEffect } from 'react';
import { tr } from '../locales/tr';

/**
 * Names the browser tab after the screen (`Keşfet / gündem`), so history, tabs and screen
 * readers tell pages apart. Without a page name it is the product's own title, which `/` keeps
 * (docs/product.md#audience).
 */
export function useDocumentTitle(page?: string) {
  const title = page ? tr.app.pageTitle(page) : tr.app.title;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
