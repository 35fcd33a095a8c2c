import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { tr } from '../locales/tr';
import { Spinner } from './spinner';

export interface WidgetProps {
  /** The heading's id, which names the section. */
  titleId: string;
  title: string;
  /** Shows a small spinner in place of the content. */
  loading: boolean;
  /**
   * An invisible stand-in as tall as the content will be, under the spinner while loading, so
   * the cards and the footer below do not move when the content arrives (issue 13: CLS).
   */
  placeholder?: ReactNode;
  children: ReactNode;
}

/** A sidebar card: its title, a spinner or the content, and "Daha fazla göster" to explore. */
export function Widget({ titleId, title, loading, placeholder, children }: WidgetProps) {
  return (
    <section className="widget" aria-labelledby={titleId}>
      <h2 className="widget__title" id={titleId}>
        {title}
      </h2>
      {loading ? (
        <div className={placeholder ? 'widget__loading widget__loading--sized' : 'widget__loading'}>
          <Spinner size="sm" />
          {placeholder ? (
            <div className="widget__placeholder" aria-hidden="true">
              {placeholder}
            </div>
          ) : null}
        </div>
      ) : (
        children
      )}
      <Link to="/explore" className="widget__more">
        {tr.widgets.showMore}
      </Link>
    </section>
  );
}
