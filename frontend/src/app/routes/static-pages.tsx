import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { CompassIcon, FileTextIcon, HelpIcon, ShieldIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { useDocumentTitle } from '../../lib/use-document-title';
import { tr } from '../../locales/tr';

export function TermsPage() {
  useDocumentTitle(tr.pages.termsTitle);
  return (
    <>
      <PageHeader title={tr.pages.termsTitle} />
      <EmptyState
        icon={<FileTextIcon size={32} />}
        title={tr.pages.termsTitle}
        description={tr.pages.terms}
      />
    </>
  );
}

export function PrivacyPage() {
  useDocumentTitle(tr.pages.privacyTitle);
  return (
    <>
      <PageHeader title={tr.pages.privacyTitle} />
      <EmptyState
        icon={<ShieldIcon size={32} />}
        title={tr.pages.privacyTitle}
        description={tr.pages.privacy}
      />
    </>
  );
}

export function HelpPage() {
  useDocumentTitle(tr.pages.helpTitle);
  return (
    <>
      <PageHeader title={tr.pages.helpTitle} />
      <EmptyState
        icon={<HelpIcon size={32} />}
        title={tr.pages.helpTitle}
        description={tr.pages.help}
      />
    </>
  );
}

export function NotFoundPage() {
  useDocumentTitle(tr.pages.notFoundTitle);
  return (
    <EmptyState
      className="not-found"
      icon={<CompassIcon size={32} />}
      title={tr.pages.notFoundTitle}
      description={tr.pages.notFound}
      action={
        <Link to="/" className={buttonClass()}>
          {tr.common.backHome}
        </Link>
      }
    />
  );
}
