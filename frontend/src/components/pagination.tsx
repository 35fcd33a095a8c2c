import { Button } from './button';
import { ChevronLeftIcon, ChevronRightIcon } from './icons-more';
import { trAdmin } from '../locales/tr-admin';

export interface PaginationProps {
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  /** Disables both buttons while a page is on its way. */
  busy?: boolean;
}

/** Önceki / Sonraki with "Sayfa X / Y" between them (the back-office lists). */
export function Pagination({ page, pages, onPageChange, busy }: PaginationProps) {
  const last = Math.max(1, pages);
  return (
    <nav className="admin-pagination" aria-label={trAdmin.paginationLabel}>
      <Button
        variant="secondary"
        size="sm"
        disabled={busy || page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        <ChevronLeftIcon size={16} />
        {trAdmin.previous}
      </Button>
      <span className="admin-pagination__status" aria-live="polite">
        {trAdmin.pageOf(page, last)}
      </span>
      <Button
        variant="secondary"
        size="sm"
        disabled={busy || page >= last}
        onClick={() => onPageChange(page + 1)}
      >
        {trAdmin.next}
        <ChevronRightIcon size={16} />
      </Button>
    </nav>
  );
}
