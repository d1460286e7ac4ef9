import { useRef, type ReactNode } from 'react';
import { formatCount } from '@/lib/format-count';
import { useTranslation } from 'react-i18next';
import { Alert } from './alert';
import { Button } from './button';
import { cn } from './cn';
import { inputStyles } from './form-field';
import { Pager } from './pager';
import { Spinner } from './spinner';

export type ListTableColumn<Row> = {
  key: string;
  header: string;
  render: (row: Row) => ReactNode;
  className?: string;
};

export type ListTableProps<Row> = {
  title: string;
  description?: string;
  /** Buttons beside the title (e.g. an import action). */
  headerActions?: ReactNode;
  searchPlaceholder: string;
  searchValue: string;
  onSearchChange: (value: string) => void;
  onSearchReset: () => void;
  columns: ListTableColumn<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string;
  renderActions: (row: Row) => ReactNode;
  total: number;
  /** 1-based. */
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  isLoading: boolean;
  isError: boolean;
  /** Shown under the title (e.g. the progress of work started from this screen). */
  banner?: ReactNode;
  /**
   * Pages that follow each other by cursor: the pager offers Anterior and Próxima around the page
   * number (no jumping to a page far away).
   */
  keyset?: { hasPrevious: boolean; hasNext: boolean };
  /** Filters beside the search (e.g. a select), which narrow the rows and the total. */
  filters?: ReactNode;
};

/**
 * The generic list table (docs/domain.md): title, description, search with reset, the columns
 * plus an 'Ações' column, page numbers with previous/next, 'Exibindo x a y de z resultados', and
 * the page-size selector only when the total exceeds the page size.
 */
export function ListTable<Row>(props: ListTableProps<Row>) {
  const { t } = useTranslation();
  const { rows = [], total, page, pageSize, keyset } = props;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = keyset ? from + Math.max(rows.length - 1, 0) : Math.min(total, page * pageSize);
  const showing = {
    from: formatCount(from),
    to: formatCount(to),
    total: formatCount(total),
  };
  const sectionRef = useRef<HTMLElement>(null);

  // A pager sits below the rows: after a change the reader would face the new page's end, so
  // bring the table's top back into view when it has scrolled out of it.
  const changePage = (next: number) => {
    props.onPageChange(next);
    const section = sectionRef.current;
    if (section && section.getBoundingClientRect().top < 0) {
      section.scrollIntoView({ block: 'start' });
    }
  };

  return (
    <section ref={sectionRef} aria-labelledby="list-table-title" className="scroll-mt-4 space-y-4">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 id="list-table-title" className="text-2xl font-bold tracking-tight text-slate-900">
            {props.title}
          </h1>
          {props.description && <p className="mt-1 text-slate-600">{props.description}</p>}
        </div>
        {props.headerActions && <div className="flex gap-2">{props.headerActions}</div>}
      </div>
      {props.banner}

      {/* On a phone the reset button wraps below, so the placeholder (what the search finds) shows whole. */}
      <div className="flex flex-wrap gap-2" role="search">
        <input
          type="search"
          aria-label={props.searchPlaceholder}
          placeholder={props.searchPlaceholder}
          value={props.searchValue}
          onChange={(event) => props.onSearchChange(event.target.value)}
          className={cn(inputStyles(false), 'max-w-md min-w-64 flex-1')}
        />
        {props.filters}
        <Button variant="secondary" className="shrink-0" onClick={props.onSearchReset}>
          {t('listTable.reset')}
        </Button>
      </div>

      {props.isError ? (
        <Alert tone="error">{t('listTable.error')}</Alert>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50">
              <tr>
                {props.columns.map((column) => (
                  <th
                    key={column.key}
                    scope="col"
                    className={cn(
                      'px-3 py-3 text-left font-semibold text-slate-700 sm:px-4',
                      column.className,
                    )}
                  >
                    {column.header}
                  </th>
                ))}
                <th
                  scope="col"
                  className="px-3 py-3 text-right font-semibold text-slate-700 sm:px-4"
                >
                  {t('listTable.actions')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {props.isLoading ? (
                <tr>
                  <td colSpan={props.columns.length + 1} className="px-4 py-8 text-center">
                    <Spinner className="mx-auto size-6 text-brand-700" />
                    <span className="sr-only">{t('common.loading')}</span>
                  </td>
                </tr>
              ) : rows.length === 0 ? (
                <tr>
                  <td
                    colSpan={props.columns.length + 1}
                    className="px-4 py-8 text-center text-slate-600"
                  >
                    {t('listTable.empty')}
                  </td>
                </tr>
              ) : (
                rows.map((row) => (
                  <tr key={props.rowKey(row)} className="hover:bg-slate-50">
                    {props.columns.map((column) => (
                      <td
                        key={column.key}
                        className={cn('px-3 py-3 text-slate-800 sm:px-4', column.className)}
                      >
                        {column.render(row)}
                      </td>
                    ))}
                    <td className="px-3 py-2 text-right whitespace-nowrap sm:px-4">
                      {props.renderActions(row)}
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      )}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">{t('listTable.showing', showing)}</p>
        <div className="flex flex-wrap items-center gap-3">
          {total > pageSize && (
            <label className="flex items-center gap-2 text-sm text-slate-700">
              {t('listTable.pageSize')}
              <select
                value={pageSize}
                onChange={(event) => props.onPageSizeChange(Number(event.target.value))}
                className="h-9 rounded-lg border border-slate-300 bg-white px-2"
              >
                {props.pageSizes.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </select>
            </label>
          )}
          <Pager
            total={total}
            page={page}
            pageCount={pageCount}
            keyset={keyset}
            onPageChange={changePage}
          />
        </div>
      </div>
    </section>
  );
}
