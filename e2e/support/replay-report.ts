import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** One step of a replayed path, as the tester's report shows it. */
export interface ReportedStep {
  /** What happened: the scenario's start, or the event sent. */
  event: string;
  /** The state the chart reached, in words and as its value. */
  state: string;
  stateValue: string;
  /** What the user must see, from the driver. */
  expectation: string;
  result: 'passed' | 'failed' | 'not run';
  error?: string;
  /** The step's screenshot, relative to the report. */
  screenshot?: string;
}

export interface ReplayReport {
  chart: string;
  title: string;
  path: string;
  baseURL: string;
  setup: string;
  steps: ReportedStep[];
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const resultLabel = { passed: '✓ passed', failed: '✗ failed', 'not run': '· not run' } as const;

function stepHtml(step: ReportedStep, index: number): string {
  return `<section class="step ${step.result.replace(' ', '-')}">
  <h2>${index + 1}. ${escapeHtml(step.event)}</h2>
  <dl>
    <dt>State reached</dt><dd>${escapeHtml(step.state)} <code>${escapeHtml(step.stateValue)}</code></dd>
    <dt>The user must see</dt><dd>${escapeHtml(step.expectation)}</dd>
    <dt>Check</dt><dd class="result">${resultLabel[step.result]}${
      step.error ? `<pre>${escapeHtml(step.error)}</pre>` : ''
    }</dd>
  </dl>
  ${step.screenshot ? `<a href="${escapeHtml(step.screenshot)}"><img src="${escapeHtml(step.screenshot)}" alt="Screenshot of step ${index + 1}" loading="lazy"></a>` : ''}
</section>`;
}

/** Writes `index.html` in `dir` (screenshots beside it) and returns its path. Opens from disk. */
export async function writeReplayReport(dir: string, report: ReplayReport): Promise<string> {
  const failed = report.steps.some((s) => s.result === 'failed');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(`${report.chart}: ${report.title}`)}</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 72rem; padding: 0 1rem; color: #1d1d1f; }
  header { border-bottom: 1px solid #ddd; margin-bottom: 1.5rem; }
  .verdict { font-weight: 600; color: ${failed ? '#b3261e' : '#1b7f3b'}; }
  pre.path { background: #f5f5f7; padding: .75rem; overflow-x: auto; font-size: 13px; }
  .step { border: 1px solid #ddd; border-left-width: 6px; border-radius: 6px; padding: .5rem 1rem 1rem; margin: 1rem 0; }
  .step.passed { border-left-color: #1b7f3b; }
  .step.failed { border-left-color: #b3261e; background: #fff6f5; }
  .step.not-run { border-left-color: #aaa; color: #777; }
  .step h2 { font-size: 1rem; margin: .5rem 0; }
  dl { display: grid; grid-template-columns: 11rem 1fr; gap: .25rem 1rem; margin: 0 0 .75rem; }
  dt { font-weight: 600; }
  dd { margin: 0; }
  dd pre { white-space: pre-wrap; font-size: 12px; background: #fff; border: 1px solid #f0c4c0; padding: .5rem; }
  img { max-width: 100%; border: 1px solid #ccc; }
</style>
</head>
<body>
<header>
  <h1>${escapeHtml(report.chart)}: ${escapeHtml(report.title)}</h1>
  <p class="verdict">${failed ? 'Failed' : 'Passed'}: ${report.steps.filter((s) => s.result === 'passed').length} of ${report.steps.length} steps passed.</p>
  <p>App: <code>${escapeHtml(report.baseURL)}</code>. Set-up: ${escapeHtml(report.setup)}.</p>
  <pre class="path">${escapeHtml(report.path)}</pre>
</header>
${report.steps.map(stepHtml).join('\n')}
</body>
</html>
`;
  const file = join(dir, 'index.html');
  await writeFile(file, html);
  return file;
}
