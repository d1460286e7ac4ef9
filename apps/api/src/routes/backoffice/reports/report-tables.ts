import type { Report, ReportFigure, ReportTable } from '@clube/shared';
import type { CsvColumn, CsvExport } from '../../../lib/csv-export';

/** A number as Excel in Portuguese reads it: a decimal comma, one decimal place at most. */
const decimal = (value: number) =>
  (Math.round(value * 10) / 10).toLocaleString('pt-BR', { useGrouping: false });

const hours = (minutes: number) => decimal(minutes / 60);

/** Booked share of the bookable time, in percent; empty when nothing could be booked. */
const share = (booked: number, bookable: number) =>
  bookable > 0 ? decimal((booked / bookable) * 100) : null;

type OccupancyRow = {
  name: string;
  categoryName?: string;
  bookableMinutes: ReportFigure;
  bookedMinutes: ReportFigure;
};

const occupancyColumns = (first: string, withCategory: boolean): CsvColumn<OccupancyRow>[] => [
  { header: first, value: (row) => row.name },
  ...(withCategory
    ? [{ header: 'Categoria', value: (row: OccupancyRow) => row.categoryName ?? null }]
    : []),
  { header: 'Horas reserváveis', value: (row) => hours(row.bookableMinutes.current) },
  { header: 'Horas reservadas', value: (row) => hours(row.bookedMinutes.current) },
  {
    header: 'Ocupação (%)',
    value: (row) => share(row.bookedMinutes.current, row.bookableMinutes.current),
  },
  {
    header: 'Ocupação no período anterior (%)',
    value: (row) => share(row.bookedMinutes.previous, row.bookableMinutes.previous),
  },
];

export const weekdayNames = [
  'Domingo',
  'Segunda-feira',
  'Terça-feira',
  'Quarta-feira',
  'Quinta-feira',
  'Sexta-feira',
  'Sábado',
];

type HeatmapRow = Report['occupancy']['heatmap'][number];
const heatmapColumns: CsvColumn<HeatmapRow>[] = [
  { header: 'Dia da semana', value: (row) => weekdayNames[row.weekday] ?? null },
  { header: 'Hora', value: (row) => `${String(row.hour).padStart(2, '0')}:00` },
  { header: 'Horas reserváveis', value: (row) => hours(row.bookableMinutes) },
  { header: 'Horas reservadas', value: (row) => hours(row.bookedMinutes) },
  { header: 'Ocupação (%)', value: (row) => share(row.bookedMinutes, row.bookableMinutes) },
];

/** The behaviour figures, by their Portuguese names, in the screen's order. */
export const behaviourLabels = {
  bookings: 'Reservas',
  cancellations: 'Cancelamentos',
  lateCancellations: 'Cancelamentos fora do prazo',
  checkIns: 'Presenças',
  noShows: 'Faltas',
  portalBookings: 'Reservas pelo portal',
  staffBookings: 'Reservas pela equipe',
  exceptions: 'Exceções',
  messagesSent: 'Mensagens enviadas',
  messagesFailed: 'Mensagens que falharam',
} as const satisfies Partial<Record<keyof Report['behaviour'], string>>;

type BehaviourRow = { label: string; figure: ReportFigure };
const behaviourColumns: CsvColumn<BehaviourRow>[] = [
  { header: 'Indicador', value: (row) => row.label },
  { header: 'Período', value: (row) => row.figure.current },
  { header: 'Período anterior', value: (row) => row.figure.previous },
];

type TitleRow = Report['members']['topTitles'][number];
const titleColumns: CsvColumn<TitleRow>[] = [
  { header: 'Título', value: (row) => row.name },
  { header: 'Reservas', value: (row) => row.bookings },
];

async function* each<Row>(rows: Row[]): AsyncGenerator<Row> {
  yield* rows;
}

/** A table's export, its row type forgotten once its columns and rows are paired. */
const file = <Row>(table: CsvExport<Row>) => table as unknown as CsvExport<unknown>;

/** One table of a report as the CSV writer takes it: its file name, columns and rows. */
export function reportTableExport(report: Report, table: ReportTable): CsvExport<unknown> {
  const name = (what: string) =>
    `relatorio-${what}-${report.period.from}-a-${report.period.to}.csv`;
  switch (table) {
    case 'places':
      return file({
        fileName: name('espacos'),
        columns: occupancyColumns('Espaço', true),
        rows: each<OccupancyRow>(report.occupancy.places),
      });
    case 'categories':
      return file({
        fileName: name('categorias'),
        columns: occupancyColumns('Categoria', false),
        rows: each<OccupancyRow>(report.occupancy.categories),
      });
    case 'heatmap':
      return file({
        fileName: name('dias-e-horas'),
        columns: heatmapColumns,
        rows: each(report.occupancy.heatmap),
      });
    case 'behaviour':
      return file({
        fileName: name('comportamento'),
        columns: behaviourColumns,
        rows: each<BehaviourRow>([
          ...Object.entries(behaviourLabels).map(([key, label]) => ({
            label,
            figure: report.behaviour[key as keyof typeof behaviourLabels],
          })),
          { label: 'Títulos que atingiram a cota', figure: report.members.titlesAtQuota },
          { label: 'Associados que nunca reservaram', figure: report.members.neverBooked },
          {
            label: 'Associados que nunca entraram no portal',
            figure: report.members.neverSignedIn,
          },
        ]),
      });
    case 'titles':
      return file({
        fileName: name('titulos'),
        columns: titleColumns,
        rows: each(report.members.topTitles),
      });
  }
}
