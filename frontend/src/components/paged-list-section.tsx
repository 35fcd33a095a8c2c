import { useCallback, useState, type ReactNode } from 'react';
import { errorText } from '../lib/api-client';
import { EmptyState } from './empty-state';
import { ListSearch } from './list-search';
import { LoadError } from './load-error';
import { Pagination } from './pagination';
import { SectionHead } from './section-head';
import { LoadingBlock } from './spinner';

/** What a paged list's query hook gives the section (a subset of react-query's result). */
export interface PagedListQuery<Data> {
  data: Data | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

export interface PagedListSectionProps<Data extends { pagination: { pages: number } }, Row> {
  /** Called on every render with the page and search on screen (a query hook). */
  useList: (page: number, search: string) => PagedListQuery<Data>;
  rowsOf: (data: Data) => Row[];
  title: string;
  /** The line under the title, e.g. the total once it is known. */
  intro: (data: Data | undefined) => ReactNode;
  search: { label: string; placeholder: string };
  texts: { loading: string; loadFailed: string; networkError: string };
  empty: { icon: ReactNode; title: string; description: (search: string) => ReactNode };
  tableClassName: string;
  /** The column headers, in order. */
  columns: ReactNode[];
  renderRow: (row: Row, index: number) => ReactNode;
}

/**
 * A searchable, paged table: the title with its search box, then the loading block, the load
 * error with a retry, the empty state or the rows with Önceki / Sonraki. A new search starts
 * again from the first page; while the next page loads the current rows stay on screen.
 */
export function PagedListSection<Data extends { pagination: { pages: number } }, Row>({
  useList,
  rowsOf,
  title,
  intro,
  search: searchBox,
  texts,
  empty,
  tableClassName,
  columns,
  renderRow,
}: PagedListSectionProps<Data, Row>) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error, isFetching, isPlaceholderData, refetch } = useList(
    page,
    search,
  );

  const onSearch = useCallback((query: string) => {
    setSearch(query);
    setPage(1);
  }, []);

  const loadError = (
    <LoadError
      title={texts.loadFailed}
      message={errorText(error, texts.loadFailed, texts.networkError)}
      onRetry={() => void refetch()}
      retrying={isFetching}
    />
  );
  const rows = data ? rowsOf(data) : [];

  let body;
  if (isPending) {
    body = <LoadingBlock label={texts.loading} />;
  } else if (isError && !data) {
    body = loadError;
  } else if (!data || rows.length === 0) {
    body = (
      <EmptyState icon={empty.icon} title={empty.title} description={empty.description(search)} />
    );
  } else {
    body = (
      <>
        <div className="admin-table-wrap" aria-busy={isPlaceholderData || undefined}>
          <table className={`admin-table ${tableClassName}`}>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                {columns.map((column, index) => (
                  <th key={index} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{rows.map(renderRow)}</tbody>
          </table>
        </div>
        <Pagination
          page={page}
          pages={data.pagination.pages}
          onPageChange={setPage}
          busy={isPlaceholderData}
        />
      </>
    );
  }

  return (
    <section className="admin-section">
      <SectionHead title={title} intro={intro(data)}>
        <ListSearch label={searchBox.label} placeholder={searchBox.placeholder} onSearch={onSearch} />
      </SectionHead>
      {isError && data ? loadError : null}
      {body}
    </section>
  );
}
