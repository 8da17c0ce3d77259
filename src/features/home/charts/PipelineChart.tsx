import { formatBRL } from '../../../lib/format/currency';
import { fitLabel, type PipelineStage, pipelineSummary } from './chart-summaries';

const WIDTH = 320;
const ROW = 46;
const BAR = 10;

/**
 * Deals' value per stage as horizontal bars, in board order. Each row names the stage, its deals
 * and its value; the bar is the value against the largest stage. Read as one image whose label
 * says every number.
 */
export function PipelineChart({ stages }: { stages: readonly PipelineStage[] }) {
  const largest = Math.max(0, ...stages.map((stage) => stage.totalValueCents));
  const height = stages.length * ROW;
  return (
    <svg
      className="chart chart--bars"
      viewBox={`0 0 ${WIDTH} ${height}`}
      role="img"
      aria-label={pipelineSummary(stages)}
    >
      {stages.map((stage, i) => {
        const top = i * ROW;
        const share = largest > 0 ? stage.totalValueCents / largest : 0;
        return (
          <g key={stage.stageId}>
            <text className="chart__label" x={0} y={top + 16}>
              {fitLabel(stage.name, 24)}
              <tspan className="chart__muted"> · {stage.dealCount}</tspan>
            </text>
            <text className="chart__value" x={WIDTH} y={top + 16} textAnchor="end">
              {formatBRL(stage.totalValueCents)}
            </text>
            <rect className="chart__track" x={0} y={top + 24} width={WIDTH} height={BAR} rx={BAR / 2} />
            {share > 0 ? (
              <rect
                className={`chart__bar chart__bar--${stage.kind}`}
                x={0}
                y={top + 24}
                width={Math.max(BAR, share * WIDTH)}
                height={BAR}
                rx={BAR / 2}
              />
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
