import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { ArrowLeftIcon } from './icons';

export interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  /** Shows a back arrow (history back). */
  backLabel?: string;
  children?: ReactNode;
}

/** The sticky, translucent title bar at the top of the main column. */
export function PageHeader({ title, subtitle, backLabel, children }: PageHeaderProps) {
  const navigate = useNavigate();
  return (
    <header className="page-header">
      <div className="page-header__row">
        {backLabel ? (
          <button
            type="button"
            className="icon-button"
            aria-label={backLabel}
            onClick={() => navigate(-1)}
          >
            <ArrowLeftIcon size={20} />
          </button>
        ) : null}
        <div className="page-header__titles">
          <h1 className="page-header__title">{title}</h1>
          {subtitle ? <p className="page-header__subtitle">{subtitle}</p> : null}
        </div>
      </div>
      {children}
    </header>
  );
}
