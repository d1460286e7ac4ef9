import { useTranslation } from 'react-i18next';
import { Button } from './button';

/** At most five page numbers around the current page, always including the first and last. */
export function pageNumbersAround(page: number, pageCount: number): number[] {
  const start = Math.max(1, Math.min(page - 2, pageCount - 4));
  const end = Math.min(pageCount, start + 4);
  const numbers = new Set<number>([1, pageCount]);
  for (let number = start; number <= end; number += 1) numbers.add(number);
  return [...numbers].filter((number) => number >= 1).sort((a, b) => a - b);
}

export type PagerItem = number | 'gap';

/**
 * The pager's buttons: the numbers of pageNumbersAround with a gap where pages are skipped
 * ("1 2 3 … 17"), so 3 next to 17 never reads as consecutive. A gap that would hide a single page
 * shows that page instead: the button takes the same room as the ellipsis.
 */
export function pagerItems(page: number, pageCount: number): PagerItem[] {
  const items: PagerItem[] = [];
  let previous = 0;
  for (const number of pageNumbersAround(page, pageCount)) {
    if (number - previous === 2) items.push(number - 1);
    else if (number - previous > 2) items.push('gap');
    items.push(number);
    previous = number;
  }
  return items;
}

/**
 * Anterior, the page numbers around the current one (or only its number, for pages that follow
 * each other by cursor: `keyset`), and Próxima. Nothing when nothing was found: no pager to pages
 * that do not exist.
 */
export function Pager(props: {
  total: number;
  /** 1-based. */
  page: number;
  pageCount: number;
  keyset?: { hasPrevious: boolean; hasNext: boolean };
  onPageChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  const { total, page, pageCount, keyset } = props;
  const hasPrevious = keyset ? keyset.hasPrevious : page > 1;
  const hasNext = keyset ? keyset.hasNext : page < pageCount;
  const changePage = props.onPageChange;
  return (
    <>
      {/* Nothing found: no pager to pages that do not exist. */}
      {total > 0 && (
        <nav aria-label={t('listTable.pagination')} className="flex items-center gap-1">
          <Button
            variant="secondary"
            size="sm"
            disabled={!hasPrevious}
            onClick={() => changePage(page - 1)}
          >
            {t('listTable.previous')}
          </Button>
          {keyset ? (
            <span aria-current="page" className="px-2 text-sm text-slate-700 tabular-nums">
              {t('listTable.page', { page })}
            </span>
          ) : (
            pagerItems(page, pageCount).map((number, index) =>
              number === 'gap' ? (
                <span
                  // Gaps have no identity of their own; at most two, told apart by position.
                  key={`gap-${index}`}
                  aria-hidden="true"
                  className="px-1.5 text-slate-500"
                >
                  …
                </span>
              ) : (
                <Button
                  key={number}
                  variant={number === page ? 'primary' : 'ghost'}
                  size="sm"
                  aria-label={t('listTable.page', { page: number })}
                  aria-current={number === page ? 'page' : undefined}
                  onClick={() => changePage(number)}
                >
                  {number}
                </Button>
              ),
            )
          )}
          <Button
            variant="secondary"
            size="sm"
            disabled={!hasNext}
            onClick={() => changePage(page + 1)}
          >
            {t('listTable.next')}
          </Button>
        </nav>
      )}
    </>
  );
}
