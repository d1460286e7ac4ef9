import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import type { Report } from '@clube/shared';
import { useTranslation } from 'react-i18next';
import { FiguresTable } from './figures-table';
import { hoursText, percentText, shareOf } from './share';

type Cell = Report['occupancy']['heatmap'][number];

const cellWidth = 44;
const cellHeight = 26;
const left = 40;
const top = 20;

/**
 * Weekday × hour: each cell shaded by its booked share AND showing the share as text (the shade
 * never carries the number alone), then the same numbers as a table.
 */
export function OccupancyHeatmap({ cells }: { cells: Cell[] }) {
  const { t } = useTranslation();
  const weekdays = t('reports.weekdays', { returnObjects: true }) as unknown as string[];
  const weekdayNames = t('reports.weekdayNames', { returnObjects: true }) as unknown as string[];
  const title = t('reports.occupancy.heatmap');
  if (cells.length === 0) {
    return (
      <figure>
        <figcaption className="mb-2 font-semibold text-slate-800">{title}</figcaption>
        <p className="text-sm text-slate-600">{t('reports.occupancy.empty')}</p>
      </figure>
    );
  }
  const hours = [...new Set(cells.map((cell) => cell.hour))].sort((a, b) => a - b);
  const days = [...new Set(cells.map((cell) => cell.weekday))].sort((a, b) => a - b);
  const x = scaleBand({ domain: hours, range: [0, hours.length * cellWidth], padding: 0.06 });
  const y = scaleBand({ domain: days, range: [0, days.length * cellHeight], padding: 0.08 });
  const shade = scaleLinear({ domain: [0, 1], range: ['#eff6ff', '#1e3a8a'] });
  const width = left + hours.length * cellWidth;
  const height = top + days.length * cellHeight;
  const hourText = (hour: number) => `${String(hour).padStart(2, '0')}h`;
  return (
    <figure className="break-inside-avoid" data-testid="report-heatmap">
      <figcaption className="mb-1 font-semibold text-slate-800">{title}</figcaption>
      <p className="mb-2 text-xs text-slate-600">{t('reports.occupancy.heatmapHint')}</p>
      <div className="overflow-x-auto">
        <svg
          viewBox={`0 0 ${width} ${height}`}
          width={width}
          className="max-w-none"
          role="img"
          aria-label={title}
        >
          <Group left={left}>
            {hours.map((hour) => (
              <text
                key={hour}
                x={(x(hour) ?? 0) + x.bandwidth() / 2}
                y={12}
                fontSize={10}
                textAnchor="middle"
                fill="#334155"
              >
                {hourText(hour)}
              </text>
            ))}
          </Group>
          <Group top={top}>
            {days.map((day) => (
              <text
                key={day}
                x={0}
                y={(y(day) ?? 0) + y.bandwidth() / 2}
                dy="0.35em"
                fontSize={11}
                fill="#334155"
              >
                {weekdays[day]}
              </text>
            ))}
          </Group>
          <Group left={left} top={top}>
            {cells.map((cell) => {
              const share = shareOf(cell.bookedMinutes, cell.bookableMinutes) ?? 0;
              return (
                <g key={`${cell.weekday}.${cell.hour}`}>
                  <rect
                    x={x(cell.hour)}
                    y={y(cell.weekday)}
                    width={x.bandwidth()}
                    height={y.bandwidth()}
                    fill={shade(share)}
                    stroke="#cbd5e1"
                  />
                  <text
                    x={(x(cell.hour) ?? 0) + x.bandwidth() / 2}
                    y={(y(cell.weekday) ?? 0) + y.bandwidth() / 2}
                    dy="0.35em"
                    fontSize={10}
                    textAnchor="middle"
                    fill={share > 0.5 ? '#ffffff' : '#0f172a'}
                  >
                    {percentText(share)}
                  </text>
                </g>
              );
            })}
          </Group>
        </svg>
      </div>
      <FiguresTable
        screenReaderOnly
        caption={title}
        nameHeader={t('reports.occupancy.weekday')}
        columns={[
          { header: t('reports.occupancy.hour') },
          { header: t('reports.occupancy.bookableHours') },
          { header: t('reports.occupancy.bookedHours') },
          { header: t('reports.occupancy.share') },
        ]}
        rows={cells.map((cell) => ({
          key: `${cell.weekday}.${cell.hour}`,
          name: weekdayNames[cell.weekday],
          cells: [
            hourText(cell.hour),
            hoursText(cell.bookableMinutes),
            hoursText(cell.bookedMinutes),
            percentText(shareOf(cell.bookedMinutes, cell.bookableMinutes)),
          ],
        }))}
      />
    </figure>
  );
}
