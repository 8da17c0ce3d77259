import { formatCompactReais } from '../../../lib/format/currency';
import { monthAbbreviation, type WonMonth, wonByMonthSummary } from './chart-summaries';

const WIDTH = 320;
const HEIGHT = 180;
const TOP = 22;
const BOTTOM = 24;

/**
 * Won sales of the last months as columns, oldest first, the current month highlighted: the value
 * (in reais, compact) above each column, the month under it.
 */
export function WonByMonthChart({ months }: { months: readonly WonMonth[] }) {
  const largest = Math.max(0, ...months.map((month) => month.totalValueCents));
  const slot = WIDTH / Math.max(1, months.length);
  const column = Math.min(36, slot * 0.6);
  const plot = HEIGHT - TOP - BOTTOM;
  return (
    <svg
      className="chart chart--columns"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={wonByMonthSummary(months)}
    >
      <line className="chart__axis" x1={0} x2={WIDTH} y1={TOP + plot} y2={TOP + plot} />
      {months.map((month, i) => {
        const share = largest > 0 ? month.totalValueCents / largest : 0;
        const columnHeight = share > 0 ? Math.max(3, share * plot) : 0;
        const centre = i * slot + slot / 2;
        const current = i === months.length - 1;
        return (
          <g key={month.month}>
            {columnHeight > 0 ? (
              <rect
                className={current ? 'chart__bar chart__bar--current' : 'chart__bar chart__bar--open'}
                x={centre - column / 2}
                y={TOP + plot - columnHeight}
                width={column}
                height={columnHeight}
                rx={4}
              />
            ) : null}
            <text
              className="chart__value chart__value--small"
              x={centre}
              y={TOP + plot - columnHeight - 6}
              textAnchor="middle"
            >
              {formatCompactReais(month.totalValueCents)}
            </text>
            <text className="chart__muted" x={centre} y={HEIGHT - 6} textAnchor="middle">
              {monthAbbreviation(month.month)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
