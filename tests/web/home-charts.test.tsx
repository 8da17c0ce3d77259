import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { pipelineSummary, wonByMonthSummary } from '../../src/features/home/charts/chart-summaries';
import { PipelineChart } from '../../src/features/home/charts/PipelineChart';
import { WonByMonthChart } from '../../src/features/home/charts/WonByMonthChart';
import { formatCompactReais } from '../../src/lib/format/currency';
import { ok } from './support/fake-api';
import { dashboardData, openHome, withHomePagesPreloaded } from './support/home-api';

const PIPELINE_SUMMARY =
  'Valor dos negócios por etapa: Novo contato, 3 negócios, R$\u00a01.200,00; Em negociação, 2 negócios, R$\u00a0450,00; ' +
  'Proposta enviada, 1 negócio, R$\u00a0300,00; Fechado ganho, 4 negócios, R$\u00a02.100,00; ' +
  'Fechado perdido, 1 negócio, R$\u00a080,00.';
const WON_SUMMARY =
  'Vendas ganhas nos últimos 6 meses: agosto de 2029, 1 venda, R$\u00a0300,00; setembro de 2029, nenhuma venda; ' +
  'outubro de 2029, 3 vendas, R$\u00a0950,00; novembro de 2029, 2 vendas, R$\u00a0600,00; ' +
  'dezembro de 2029, 5 vendas, R$\u00a02.400,00; janeiro de 2030, 2 vendas, R$\u00a01.500,00.';

function texts(svg: Element): string[] {
  return [...svg.querySelectorAll(':scope > g > text')].map((text) => text.textContent ?? '');
}

describe('the home page’s charts: what they say to people who do not see them', () => {
  test('the pipeline summary names every stage with its deals and value', () => {
    expect(pipelineSummary(dashboardData().pipeline)).toBe(PIPELINE_SUMMARY);
  });

  test('the months summary names every month, with or without sales', () => {
    expect(wonByMonthSummary(dashboardData().wonByMonth)).toBe(WON_SUMMARY);
  });

  test.each([
    [0, '0'],
    [30000, '300'],
    [240000, '2,4\u00a0mil'],
    [123456789, '1,2\u00a0mi'],
  ])('a column reads %i centavos as %j', (cents, text) => {
    expect(formatCompactReais(cents)).toBe(text);
  });
});

describe('pipeline bars', () => {
  test('one image, its label the summary; each row names the stage, its deals and value', () => {
    render(<PipelineChart stages={dashboardData().pipeline} />);
    const chart = screen.getByRole('img');
    expect(chart.getAttribute('aria-label')).toBe(PIPELINE_SUMMARY);
    expect(texts(chart)).toEqual([
      'Novo contato · 3',
      'R$\u00a01.200,00',
      'Em negociação · 2',
      'R$\u00a0450,00',
      'Proposta enviada · 1',
      'R$\u00a0300,00',
      'Fechado ganho · 4',
      'R$\u00a02.100,00',
      'Fechado perdido · 1',
      'R$\u00a080,00',
    ]);
  });

  test('bars measure the value against the largest stage; an empty stage has none', () => {
    const stages = [
      { stageId: 'a', name: 'Novo contato', kind: 'open' as const, dealCount: 2, totalValueCents: 50000 },
      { stageId: 'b', name: 'Em negociação', kind: 'open' as const, dealCount: 0, totalValueCents: 0 },
      { stageId: 'c', name: 'Fechado ganho', kind: 'won' as const, dealCount: 1, totalValueCents: 100000 },
    ];
    render(<PipelineChart stages={stages} />);
    const bars = [...screen.getByRole('img').querySelectorAll('.chart__bar')];
    expect(bars.map((bar) => [bar.getAttribute('class'), bar.getAttribute('width')])).toEqual([
      ['chart__bar chart__bar--open', '160'],
      ['chart__bar chart__bar--won', '320'],
    ]);
  });

  test('a long stage name is cut with an ellipsis on the chart, whole in its label', () => {
    const name = 'Aguardando aprovação do orçamento pelo cliente';
    render(
      <PipelineChart stages={[{ stageId: 'a', name, kind: 'open', dealCount: 1, totalValueCents: 100 }]} />,
    );
    const chart = screen.getByRole('img');
    expect(texts(chart)[0]).toBe('Aguardando aprovação do… · 1');
    expect(chart.getAttribute('aria-label')).toContain(name);
  });
});

describe('won-by-month columns', () => {
  test('one image, its label the summary; values over the columns, months under them', () => {
    render(<WonByMonthChart months={dashboardData().wonByMonth} />);
    const chart = screen.getByRole('img');
    expect(chart.getAttribute('aria-label')).toBe(WON_SUMMARY);
    expect(texts(chart)).toEqual([
      '300',
      'ago',
      '0',
      'set',
      '950',
      'out',
      '600',
      'nov',
      '2,4\u00a0mil',
      'dez',
      '1,5\u00a0mil',
      'jan',
    ]);
    // The current month stands out; a month without sales has no column.
    const columns = [...chart.querySelectorAll('.chart__bar')];
    expect(columns).toHaveLength(5);
    expect(columns.at(-1)?.getAttribute('class')).toBe('chart__bar chart__bar--current');
  });
});

describe('on /home, the charts arrive after the page has painted', () => {
  withHomePagesPreloaded();
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  test('placeholders first; the charts’ code is asked for only after the next frame', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => {});
    await openHome({ dashboard: ok(dashboardData()) });

    const pipeline = screen.getByRole('region', { name: 'Funil de vendas' });
    const won = screen.getByRole('region', { name: 'Vendas ganhas' });
    expect(within(pipeline).queryByRole('img')).toBeNull();
    expect(pipeline.querySelector('.skeleton')).not.toBeNull();
    expect(won.querySelector('.skeleton')).not.toBeNull();
    expect(frames.length).toBeGreaterThan(0);

    act(() => {
      for (const frame of frames.splice(0)) frame(performance.now());
    });
    expect((await within(pipeline).findByRole('img')).getAttribute('aria-label')).toBe(PIPELINE_SUMMARY);
    expect((await within(won).findByRole('img')).getAttribute('aria-label')).toBe(WON_SUMMARY);
    expect(pipeline.querySelector('.skeleton')).toBeNull();
  });
});
