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
  children: ReactNode;
}

/** A sidebar card: its title, a spinner or the content, and "Daha fazla göster" to explore. */
export function Widget({ titleId, title, loading, children }: WidgetProps) {
  return (
    <section className="widget" aria-labelledby={titleId}>
      <h2 className="widget__title" id={titleId}>
        {title}
      </h2>
      {loading ? (
        <div className="widget__loading">
          <Spinner size="sm" />
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
