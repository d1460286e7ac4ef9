import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import type { ReportFigure } from '@clube/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FiguresTable } from './figures-table';
import { hoursText, percentText, shareOf } from './share';

export type OccupancyItem = {
  id: string;
  name: string;
  bookableMinutes: ReportFigure;
  bookedMinutes: ReportFigure;
};

const rowHeight = 36;
const labelWidth = 140;
const valueWidth = 48;
const width = 560;

/**
 * Occupancy per place or category as horizontal bars: the period solid, the previous period
 * hatched, each with its percentage written beside it, so neither colour nor length alone carries
 * the number. The same numbers follow in a table for screen readers (and print).
 */
export function OccupancyBars({ title, items }: { title: string; items: OccupancyItem[] }) {
  const { t } = useTranslation();
  const id = useId();
  const hatch = `${id}-hatch`;
  const height = items.length * rowHeight;
  const y = scaleBand({ domain: items.map((item) => item.id), range: [0, height], padding: 0.2 });
  const x = scaleLinear({ domain: [0, 1], range: [0, width - labelWidth - valueWidth] });
  const band = y.bandwidth() / 2;
  return (
    <figure className="break-inside-avoid">
      <figcaption className="mb-2 font-semibold text-slate-800">{title}</figcaption>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">{t('reports.occupancy.empty')}</p>
      ) : (
        <>
          <svg
            viewBox={`0 0 ${width} ${height}`}
            className="h-auto w-full max-w-2xl"
            role="img"
            aria-label={title}
          >
            <defs>
              <pattern
                id={hatch}
                width="6"
                height="6"
                patternUnits="userSpaceOnUse"
                patternTransform="rotate(45)"
              >
                <line x1="0" y1="0" x2="0" y2="6" stroke="#64748b" strokeWidth="3" />
              </pattern>
            </defs>
            {items.map((item) => {
              const current = shareOf(item.bookedMinutes.current, item.bookableMinutes.current);
              const previous = shareOf(item.bookedMinutes.previous, item.bookableMinutes.previous);
              const top = y(item.id) ?? 0;
              return (
                <Group key={item.id} top={top}>
                  <text x={0} y={band} dy="0.35em" fontSize={12} fill="#0f172a">
                    {item.name.length > 20 ? `${item.name.slice(0, 19)}…` : item.name}
                  </text>
                  <Group left={labelWidth}>
                    <Bar x={0} y={0} height={band - 1} width={x(current ?? 0)} fill="#1d4ed8" />
                    <Bar
                      x={0}
                      y={band}
                      height={band - 1}
                      width={x(previous ?? 0)}
                      fill={`url(#${hatch})`}
                      stroke="#64748b"
                    />
                    <text
                      x={x(current ?? 0) + 4}
                      y={band / 2}
                      dy="0.35em"
                      fontSize={11}
                      fill="#0f172a"
                    >
                      {percentText(current)}
                    </text>
                    <text
                      x={x(previous ?? 0) + 4}
                      y={band * 1.5}
                      dy="0.35em"
                      fontSize={11}
                      fill="#475569"
                    >
                      {percentText(previous)}
                    </text>
                  </Group>
                </Group>
              );
            })}
          </svg>
          <p className="mt-1 flex gap-4 text-xs text-slate-600" aria-hidden="true">
            <span>
              <span className="mr-1 inline-block h-3 w-3 bg-blue-700 align-middle" />
              {t('reports.occupancy.share')}
            </span>
            <span>
              <span className="mr-1 inline-block h-3 w-3 border border-slate-500 bg-[repeating-linear-gradient(45deg,#64748b_0_2px,transparent_2px_5px)] align-middle" />
              {t('reports.occupancy.previousShare')}
            </span>
          </p>
          <FiguresTable
            className="mt-3"
            caption={title}
            nameHeader={t('reports.occupancy.name')}
            columns={[
              { header: t('reports.occupancy.bookableHours') },
              { header: t('reports.occupancy.bookedHours') },
              { header: t('reports.occupancy.share') },
              { header: t('reports.occupancy.previousShare') },
            ]}
            rows={items.map((item) => ({
              key: item.id,
              name: item.name,
              cells: [
                hoursText(item.bookableMinutes.current),
                hoursText(item.bookedMinutes.current),
                percentText(shareOf(item.bookedMinutes.current, item.bookableMinutes.current)),
                percentText(shareOf(item.bookedMinutes.previous, item.bookableMinutes.previous)),
              ],
            }))}
          />
        </>
      )}
    </figure>
  );
}
