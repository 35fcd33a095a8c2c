import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { AlertCircleIcon } from '../../components/icons';
import { useDocumentTitle } from '../../lib/use-document-title';
import { tr } from '../../locales/tr';

/** Shown when rendering a route throws. */
export function ErrorPage() {
  useDocumentTitle(tr.pages.errorTitle);
  return (
    <div className="error-page">
      <EmptyState
        icon={<AlertCircleIcon size={32} />}
        title={tr.pages.errorTitle}
        description={tr.pages.error}
        action={
          <Link to="/" reloadDocument className={buttonClass()}>
            {tr.common.backHome}
          </Link>
        }
      />
    </div>
  );
}
