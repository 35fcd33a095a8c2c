import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { FileTextIcon } from '../../components/icons-more';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { useServerRules } from '../../lib/server-rules';
import { useDocumentTitle } from '../../lib/use-document-title';
import { trPages } from '../../locales/tr-pages';
import './rules-page.css';

/** /kurallar (docs/product.md#sunucu-kuralları): the server rules for everyone, numbered as reports will cite them. */
export function RulesPage() {
  useDocumentTitle(trPages.rulesTitle);
  const rules = useServerRules();
  let body;
  if (rules.isPending) {
    body = (
      <div className="rules-page__state">
        <Spinner size="sm" label={trPages.rulesLoading} />
      </div>
    );
  } else if (rules.isError) {
    body = (
      <div className="rules-page__state" role="alert">
        <span>{trPages.rulesLoadFailed}</span>
        <Button variant="secondary" size="sm" disabled={rules.isFetching} onClick={() => void rules.refetch()}>
          {trPages.rulesRetry}
        </Button>
      </div>
    );
  } else if (rules.data.length === 0) {
    body = <EmptyState icon={<FileTextIcon size={32} />} title={trPages.rulesEmptyTitle} description={trPages.rulesEmpty} />;
  } else {
    body = (
      <ol className="rules-page__list" aria-label={trPages.rulesListLabel}>
        {rules.data.map((rule) => (
          <li key={rule.id} id={`kural-${rule.position}`} className="rules-page__rule">
            <div>
              <p className="rules-page__text">{rule.text}</p>
              {rule.hint ? <p className="rules-page__hint">{rule.hint}</p> : null}
            </div>
          </li>
        ))}
      </ol>
    );
  }
  return (
    <>
      <PageHeader title={trPages.rulesTitle} />
      <div className="rules-page">
        <p className="rules-page__intro">{trPages.rulesIntro}</p>
        {body}
      </div>
    </>
  );
}
