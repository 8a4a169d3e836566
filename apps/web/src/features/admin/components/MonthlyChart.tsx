import type { AdminMonthlyStats } from '@app/contract';

const WIDTH = 600;
const HEIGHT = 220;
const AXIS = 24;
const SERIES = [
  { key: 'signups', label: 'Sign-ups', className: 'fill-brand-600' },
  { key: 'certificates', label: 'Completed certificates', className: 'fill-slate-500 dark:fill-slate-300' },
] as const;

const monthLabel = (month: string) =>
  new Intl.DateTimeFormat('en-AU', { month: 'short', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));

/**
 * Sign-ups and completed certificates per month: a small SVG bar chart of our own (no chart library,
 * ADR 0019), with the numbers in a table for screen readers and anyone who wants them.
 */
export default function MonthlyChart({ months }: { months: AdminMonthlyStats['months'] }) {
  const highest = Math.max(1, ...months.flatMap((month) => [month.signups, month.certificates]));
  const groupWidth = WIDTH / Math.max(1, months.length);
  const barWidth = (groupWidth - 8) / SERIES.length;
  const plotHeight = HEIGHT - AXIS;
  return (
    <figure className="flex flex-col gap-3">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" aria-hidden="true">
        {months.map((month, index) => (
          <g key={month.month} transform={`translate(${index * groupWidth + 4}, 0)`}>
            {SERIES.map((series, seriesIndex) => {
              const height = (month[series.key] / highest) * (plotHeight - 8);
              return (
                <rect
                  key={series.key}
                  className={series.className}
                  x={seriesIndex * barWidth}
                  y={plotHeight - height}
                  width={barWidth - 2}
                  height={height}
                />
              );
            })}
            <text
              x={(groupWidth - 8) / 2}
              y={HEIGHT - 6}
              textAnchor="middle"
              className="fill-slate-700 text-[12px] dark:fill-slate-200"
            >
              {monthLabel(month.month)}
            </text>
          </g>
        ))}
        <line x1={0} x2={WIDTH} y1={plotHeight} y2={plotHeight} className="stroke-slate-400" />
      </svg>
      <figcaption className="flex flex-wrap gap-4 text-sm">
        {SERIES.map((series) => (
          <span key={series.key} className="flex items-center gap-2">
            <svg viewBox="0 0 10 10" className="size-3" aria-hidden="true">
              <rect width="10" height="10" className={series.className} />
            </svg>
            {series.label}
          </span>
        ))}
      </figcaption>
      <details>
        <summary className="cursor-pointer text-sm font-semibold">Show the numbers</summary>
        <table className="mt-2 w-full text-left text-sm">
          <caption className="sr-only">Sign-ups and completed certificates per month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Sign-ups</th>
              <th scope="col">Completed certificates</th>
            </tr>
          </thead>
          <tbody>
            {months.map((month) => (
              <tr key={month.month}>
                <th scope="row" className="font-normal">
                  {month.month}
                </th>
                <td>{month.signups}</td>
                <td>{month.certificates}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
