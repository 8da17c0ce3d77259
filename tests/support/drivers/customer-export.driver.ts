import {
  type CustomerExportScreen,
  type CustomerExportUserAction,
  planCustomerExportStep,
} from '../../../machines/customer-export/customer-export.paths';
import type { ChartPath } from '../chart-paths';
import { differs, expectScreen, type UiSurface } from '../ui/ui-surface';

/**
 * The customer-export chart's driver ("Exportar" on /customers), written once for jsdom and
 * Chromium. The layer opens /customers signed in, answers the held GET /api/customers/export, and
 * tells which files the app handed to the downloads.
 */
export interface CustomerExportLayer {
  open(): Promise<void>;
  answer(action: Extract<CustomerExportUserAction, { do: 'answer-export' }>): Promise<void>;
  /** The name the server gave the file the plan names (the real server dates it today). */
  fileName(planned: string): string;
  /** The names of the files handed to the downloads so far, in order. */
  downloads(): Promise<string[]>;
}

interface SeenExport {
  button: { label: string; disabled: boolean } | null;
  toast: { kind: string | null; text: string | null; description: string | null } | null;
}

/** The "Exportar" button and the export's toast (runs in the page: only its argument and the DOM). */
function readExport(document: Document): SeenExport {
  const button =
    [...document.querySelectorAll('button')].find((b) =>
      ['Exportar', 'Exportando...'].includes(b.textContent ?? ''),
    ) ?? null;
  const toast = document.querySelector('[data-testid="toast-customers-export"]');
  return {
    button: button ? { label: button.textContent ?? '', disabled: button.disabled } : null,
    toast: toast
      ? {
          kind: toast.getAttribute('data-type'),
          text: toast.querySelector('[data-title]')?.textContent ?? null,
          description: toast.querySelector('[data-description]')?.textContent ?? null,
        }
      : null,
  };
}

function expectedToast(screen: CustomerExportScreen, layer: CustomerExportLayer): SeenExport['toast'] {
  if (!screen.toast) return null;
  return screen.toast.kind === 'success'
    ? { kind: 'success', text: screen.toast.text, description: layer.fileName(screen.toast.description) }
    : { kind: 'error', text: screen.toast.text, description: null };
}

export function customerExportDriver(ui: UiSurface, layer: CustomerExportLayer) {
  /** The downloads before the step that answers the export: a success adds its file, a failure none. */
  let before: string[] = [];
  const perform = async (action: CustomerExportUserAction) => {
    switch (action.do) {
      case 'open':
        return layer.open();
      case 'click':
        return ui.click({ role: 'button', name: action.button, exact: true });
      case 'answer-export':
        before = await layer.downloads();
        return layer.answer(action);
    }
  };
  return {
    async act(path: ChartPath, index: number) {
      for (const action of planCustomerExportStep(path as never, index).actions) await perform(action);
      await ui.settle();
    },
    check(path: ChartPath, index: number) {
      const { screen, actions } = planCustomerExportStep(path as never, index);
      const answered = actions.find((a) => a.do === 'answer-export');
      const toast = expectedToast(screen, layer);
      const saved = answered?.status === 200 ? [...before, layer.fileName(answered.filename)] : before;
      return expectScreen(
        ui,
        async () => ({ seen: await ui.read(readExport, null), files: await layer.downloads() }),
        ({ seen, files }) => [
          ...differs('the button', seen.button, { label: screen.button, disabled: screen.busy }),
          // A toast from an earlier step may still show; only the step that answers brings one.
          ...(toast ? differs('the toast', seen.toast, toast) : []),
          ...(answered ? differs('the downloaded files', files, saved) : []),
        ],
      );
    },
  };
}

/** What the owner must see after step `index`, in words (for the replay report). */
export function customerExportExpectation(path: ChartPath, index: number): string {
  const { screen } = planCustomerExportStep(path as never, index);
  const button = `o botão "${screen.button}"${screen.busy ? ' bloqueado' : ''}`;
  if (!screen.toast) return button;
  return screen.toast.kind === 'success'
    ? `${button}; o aviso "${screen.toast.text}" com o nome do arquivo baixado`
    : `${button}; o aviso de erro "${screen.toast.text}", nenhum arquivo baixado`;
}
