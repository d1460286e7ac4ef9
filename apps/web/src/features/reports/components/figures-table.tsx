import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

export type FiguresTableColumn = {
  header: ReactNode;
  /** Classes of this column's cells (the figures are right-aligned already). */
  cellClassName?: string;
};

export type FiguresTableRow = { key: string; name: ReactNode; cells: ReactNode[] };

/**
 * A table of the Relatórios: each row named by its first cell (a row header, so a screen reader
 * reads "Cancelamentos: 3, 5"), its figures right-aligned under their columns. The charts' own
 * numbers follow them in one of these; `screenReaderOnly` keeps one for screen readers alone.
 */
export function FiguresTable({
  nameHeader,
  columns,
  rows,
  caption,
  className,
  screenReaderOnly = false,
}: {
  nameHeader?: ReactNode;
  columns: FiguresTableColumn[];
  rows: FiguresTableRow[];
  caption?: string;
  className?: string;
  screenReaderOnly?: boolean;
}) {
  const cell = 'py-1 pr-2 last:pr-0';
  return (
    <table className={screenReaderOnly ? 'sr-only' : cn('w-full text-left text-sm', className)}>
      {caption && <caption className="sr-only">{caption}</caption>}
      <thead className="text-slate-600">
        <tr>
          <th scope="col" className={cell}>
            {nameHeader}
          </th>
          {columns.map((column, index) => (
            <th key={index} scope="col" className={cn(cell, 'text-right')}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-t border-slate-200">
            <th scope="row" className={cn(cell, 'font-normal')}>
              {row.name}
            </th>
            {row.cells.map((value, index) => (
              <td key={index} className={cn(cell, 'text-right', columns[index]?.cellClassName)}>
                {value}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
