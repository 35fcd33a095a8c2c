import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { ShieldIcon } from '../../components/icons';
import { CompassIcon, FileTextIcon, HelpIcon } from '../../components/icons-more';
import { PageHeader } from '../../components/page-header';
import { useDocumentTitle } from '../../lib/use-document-title';
import { tr } from '../../locales/tr';
import { trPages } from '../../locales/tr-pages';

export function TermsPage() {
  useDocumentTitle(trPages.termsTitle);
  return (
    <>
      <PageHeader title={trPages.termsTitle} />
      <EmptyState
        icon={<FileTextIcon size={32} />}
        title={trPages.termsTitle}
        description={trPages.terms}
      />
    </>
  );
}

export function PrivacyPage() {
  useDocumentTitle(trPages.privacyTitle);
  return (
    <>
      <PageHeader title={trPages.privacyTitle} />
      <EmptyState
        icon={<ShieldIcon size={32} />}
        title={trPages.privacyTitle}
        description={trPages.privacy}
      />
    </>
  );
}

export function HelpPage() {
  useDocumentTitle(trPages.helpTitle);
  return (
    <>
      <PageHeader title={trPages.helpTitle} />
      <EmptyState
        icon={<HelpIcon size={32} />}
        title={trPages.helpTitle}
        description={trPages.help}
      />
    </>
  );
}

export function NotFoundPage() {
  useDocumentTitle(trPages.notFoundTitle);
  return (
    <EmptyState
      className="not-found"
      icon={<CompassIcon size={32} />}
      title={trPages.notFoundTitle}
      description={trPages.notFound}
      action={
        <Link to="/" className={buttonClass()}>
          {tr.common.backHome}
        </Link>
      }
    />
  );
}
