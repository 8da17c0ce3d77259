import type { Dashboard } from '../../../../contracts/dashboard';
import { formatBRL } from '../../../lib/format/currency';

export type PipelineStage = Dashboard['pipeline'][number];
export type WonMonth = Dashboard['wonByMonth'][number];

const monthNames = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];

/** "2030-01" (or a date in that month) → year and month index; null for anything else. */
function monthOf(month: string): { year: number; index: number } | null {
  const match = /^(\d{4})-(\d{2})/.exec(month);
  if (!match) return null;
  const index = Number(match[2]) - 1;
  return index >= 0 && index < 12 ? { year: Number(match[1]), index } : null;
}

/** "jan", "fev", … under a column. */
export function monthAbbreviation(month: string): string {
  const at = monthOf(month);
  return at ? monthNames[at.index]!.slice(0, 3) : month;
}

/** "janeiro de 2030", for the chart's spoken summary. */
export function monthName(month: string): string {
  const at = monthOf(month);
  return at ? `${monthNames[at.index]} de ${at.year}` : month;
}

export function dealsText(count: number): string {
  return count === 1 ? '1 negócio' : `${count} negócios`;
}

export function salesText(count: number): string {
  if (count === 0) return 'nenhuma venda';
  return count === 1 ? '1 venda' : `${count} vendas`;
}

/** What the pipeline bars say, for people who do not see them: every stage, its deals and value. */
export function pipelineSummary(stages: readonly PipelineStage[]): string {
  const parts = stages.map(
    (stage) => `${stage.name}, ${dealsText(stage.dealCount)}, ${formatBRL(stage.totalValueCents)}`,
  );
  return `Valor dos negócios por etapa: ${parts.join('; ')}.`;
}

/** What the month columns say: every month's won sales and their value. */
export function wonByMonthSummary(months: readonly WonMonth[]): string {
  const parts = months.map((month) =>
    month.count === 0
      ? `${monthName(month.month)}, nenhuma venda`
      : `${monthName(month.month)}, ${salesText(month.count)}, ${formatBRL(month.totalValueCents)}`,
  );
  return `Vendas ganhas nos últimos ${months.length} meses: ${parts.join('; ')}.`;
}

/** A label cut to fit the chart's width, with an ellipsis. */
export function fitLabel(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
