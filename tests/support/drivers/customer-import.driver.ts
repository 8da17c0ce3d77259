import type { ImportBatchResult, ImportSummary } from '../../../contracts/customers';
import {
  type ChosenFile,
  type CustomerImportScreen,
  type CustomerImportUserAction,
  type ExpectedBatch,
  planCustomerImportStep,
} from '../../../machines/customer-import/customer-import.paths';
import type { ChartPath } from '../chart-paths';
import { differs, expectScreen, type UiQuery, type UiSurface } from '../ui/ui-surface';

/**
 * The customer-import chart's driver ("Importar" on /customers), written once for jsdom and
 * Chromium. The layer opens the sheet, hands the file to its file input (each layer has its own
 * way to pick a file) and answers the held lookup and batch calls.
 */
export interface CustomerImportLayer {
  /** Opens the import sheet at the scenario's limits. */
  open(): Promise<void>;
  /** Picks `file` in "Arquivo de contatos"; `unreadable`: the system fails to hand over its bytes. */
  chooseFile(file: ChosenFile, unreadable: boolean): Promise<void>;
  /** Answers the held GET /api/customers/imports (its fileHash: the file's SHA-256). */
  answerLookup(reply: { found: ImportSummary | null } | 'network-error'): Promise<void>;
  /** Answers the held POST /api/customers/import, which must carry `expected`. */
  answerBatch(expected: ExpectedBatch, reply: ImportBatchResult | 'network-error'): Promise<void>;
}

const sheet: UiQuery = { role: 'dialog', name: 'Importar clientes' };

interface SeenSheet {
  open: boolean;
  paragraphs: string[];
  buttons: Array<{ name: string; disabled: boolean }>;
  selects: Array<{ label: string; value: string }>;
  tables: Array<{ caption: string; rows: string[][] }>;
  progress: string | null;
}

/** What the import sheet shows (runs in the page: only its argument and the DOM). */
function readSheet(document: Document): SeenSheet {
  const dialog = document.querySelector('[role="dialog"][aria-modal="true"]');
  const text = (element: Element | null | undefined) =>
    (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
  if (!dialog) return { open: false, paragraphs: [], buttons: [], selects: [], tables: [], progress: null };
  return {
    open: true,
    paragraphs: [...dialog.querySelectorAll('p')].map(text),
    buttons: [...dialog.querySelectorAll('button')].map((b) => ({
      name: b.getAttribute('aria-label') ?? text(b),
      disabled: b.disabled,
    })),
    selects: [...dialog.querySelectorAll('select')].map((select) => ({
      label: text(dialog.querySelector(`label[for="${select.id}"]`)),
      value: text(select.selectedOptions[0]),
    })),
    tables: [...dialog.querySelectorAll('table')].map((table) => ({
      caption: text(table.querySelector('caption')),
      rows: [...table.querySelectorAll('tr')].map((row) => [...row.querySelectorAll('th, td')].map(text)),
    })),
    progress: dialog.querySelector('[role="progressbar"]')?.getAttribute('aria-valuetext') ?? null,
  };
}

/** A planned paragraph starting with "…" begins with a date in the person's time zone: match its end. */
function sameParagraphs(seen: string[], planned: string[]): string[] {
  const shown = seen.map((paragraph, i) => {
    const plan = planned[i];
    return plan?.startsWith('…') && paragraph.startsWith('Em ') && paragraph.endsWith(plan.slice(1))
      ? plan
      : paragraph;
  });
  return differs('the paragraphs', shown, planned);
}

function mismatches(screen: CustomerImportScreen, seen: SeenSheet): string[] {
  return [
    ...differs('the sheet is open', seen.open, true),
    ...sameParagraphs(seen.paragraphs, screen.paragraphs),
    ...differs('the buttons', seen.buttons, screen.buttons),
    ...differs('the columns', seen.selects, screen.selects),
    ...differs('the tables', seen.tables, screen.tables),
    ...differs('the progress', seen.progress, screen.progress),
  ];
}

export function customerImportDriver(ui: UiSurface, layer: CustomerImportLayer) {
  const perform = async (action: CustomerImportUserAction) => {
    switch (action.do) {
      case 'open-import':
        return layer.open();
      case 'choose-file':
        return layer.chooseFile(action.file, action.unreadable);
      case 'click':
        return ui.click({ role: 'button', name: action.button, exact: true }, sheet);
      case 'map':
        return ui.select({ label: action.field, exact: true }, action.option, sheet);
      case 'answer-lookup':
        return layer.answerLookup(action.reply);
      case 'answer-batch':
        return layer.answerBatch(action.expected, action.reply);
    }
  };
  return {
    async act(path: ChartPath, index: number) {
      for (const action of planCustomerImportStep(path as never, index).actions) await perform(action);
      await ui.settle();
    },
    async check(path: ChartPath, index: number) {
      const { screen } = planCustomerImportStep(path as never, index);
      if (!screen) return;
      await expectScreen(
        ui,
        () => ui.read(readSheet, null),
        (seen) => mismatches(screen, seen),
      );
    },
  };
}

/** What the owner must see after step `index`, in words (for the replay report). */
export function customerImportExpectation(path: ChartPath, index: number): string {
  const { screen } = planCustomerImportStep(path as never, index);
  if (!screen) return 'o arquivo é lido na hora: o passo seguinte mostra o resultado';
  return [
    `a folha "Importar clientes": ${screen.paragraphs.map((p) => `"${p}"`).join(' ')}`,
    screen.progress ? `progresso "${screen.progress}"` : '',
    `botões ${screen.buttons.map((b) => `"${b.name}"${b.disabled ? ' (desativado)' : ''}`).join(', ')}`,
  ]
    .filter(Boolean)
    .join('; ');
}
