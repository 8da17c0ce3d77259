import {
  planStageEditorStep,
  type StageCall,
  type StageEditorScreen,
  type StageEditorUserAction,
} from '../../../machines/stage-editor/stage-editor.paths';
import type { ChartPath } from '../chart-paths';
import { differs, expectScreen, type UiSurface } from '../ui/ui-surface';
import { clickWhenShown } from './when-shown';

/**
 * The stage-editor chart's driver ("Etapas do funil" on /sales), written once for jsdom and
 * Chromium. Stages are found by the names the owner reads; the layer opens the panel on the
 * default stages and answers the held calls.
 */
export interface StageEditorLayer {
  /** Opens /sales with the default stages (as a new company has them) and presses "Etapas". */
  open(): Promise<void>;
  /** Answers the held `call`, which must carry `expect`. */
  answer(action: Extract<StageEditorUserAction, { do: 'answer' }> & { call: StageCall }): Promise<void>;
}

interface SeenPanel {
  stages: string[];
  rename: { label: string; value: string; save: string; saveDisabled: boolean } | null;
  renameError: string | null;
  enabledMoves: number;
  reorderError: string | null;
  newName: string | null;
  addButton: string | null;
  addError: string | null;
  focus: string | null;
  toasts: string[];
}

/** What "Etapas do funil" shows (runs in the page: only its argument and the DOM). */
function readPanel(document: Document): SeenPanel {
  const panel = document.querySelector('.stages-panel');
  const rows = [...(panel?.querySelectorAll('.stage-row') ?? [])];
  const form = panel?.querySelector('.stage-row__rename');
  const field = form?.querySelector('input') ?? null;
  const label = field ? document.querySelector(`label[for="${field.id}"]`) : null;
  const save = form?.querySelector<HTMLButtonElement>('button[type="submit"]') ?? null;
  const add = panel?.querySelector('.stages-panel__add');
  const addButton = add?.querySelector('button[type="submit"]') ?? null;
  const reorderAlert = [...(panel?.children ?? [])].find((el) => el.matches('[role="alert"]'));
  return {
    stages: rows.map(
      (row) =>
        row.querySelector('.stage-row__name')?.firstChild?.textContent ??
        row.querySelector('label')?.textContent?.replace(/^Novo nome da etapa /, '') ??
        '',
    ),
    rename: field
      ? {
          label: label?.textContent ?? '',
          value: field.value,
          save: save?.textContent ?? '',
          saveDisabled: save?.disabled ?? false,
        }
      : null,
    renameError: form?.closest('.stage-row')?.querySelector('[role="alert"]')?.textContent ?? null,
    enabledMoves: [...(panel?.querySelectorAll<HTMLButtonElement>('[data-action]') ?? [])].filter(
      (b) => !b.disabled,
    ).length,
    reorderError: reorderAlert?.textContent ?? null,
    newName: add?.querySelector('input')?.value ?? null,
    addButton: addButton?.textContent ?? null,
    addError: add?.querySelector('[role="alert"]')?.textContent ?? null,
    focus: document.activeElement?.getAttribute('aria-label') ?? null,
    toasts: [...document.querySelectorAll('[data-testid^="toast-"] [data-title]')].map(
      (t) => t.textContent ?? '',
    ),
  };
}

function mismatches(screen: StageEditorScreen, seen: SeenPanel): string[] {
  return [
    ...differs('the stages', seen.stages, screen.stages),
    ...differs('the rename field', seen.rename, screen.rename),
    ...differs('the rename error', seen.renameError, screen.renameError),
    ...(screen.movesLocked !== (seen.enabledMoves === 0)
      ? [`${seen.enabledMoves} move buttons can be pressed (${screen.movesLocked ? 'none' : 'some'} should)`]
      : []),
    ...differs('the reorder error', seen.reorderError, screen.reorderError),
    ...differs('"Nova etapa"', seen.newName, screen.newName),
    ...differs('the add button', seen.addButton, screen.addButton),
    ...differs('the add error', seen.addError, screen.addError),
    ...(screen.focus ? differs('the focus', seen.focus, screen.focus) : []),
    ...(screen.toast && !seen.toasts.includes(screen.toast)
      ? [`no toast "${screen.toast}" (toasts: ${JSON.stringify(seen.toasts)})`]
      : []),
  ];
}

const panel = { role: 'region', name: 'Etapas do funil' } as const;

export function stageEditorDriver(ui: UiSurface, layer: StageEditorLayer) {
  const perform = async (action: StageEditorUserAction) => {
    switch (action.do) {
      case 'open':
        return layer.open();
      case 'click':
        return clickWhenShown(ui, { role: 'button', name: action.button, exact: true }, panel);
      case 'fill':
        return ui.fill({ label: action.label, exact: true }, action.text, panel);
      case 'answer':
        return layer.answer(action);
    }
  };
  return {
    async act(path: ChartPath, index: number) {
      for (const action of planStageEditorStep(path as never, index).actions) await perform(action);
      await ui.settle();
    },
    check(path: ChartPath, index: number) {
      const { screen } = planStageEditorStep(path as never, index);
      return expectScreen(
        ui,
        () => ui.read(readPanel, null),
        (seen) => mismatches(screen, seen),
      );
    },
  };
}

/** What the owner must see after step `index`, in words (for the replay report). */
export function stageEditorExpectation(path: ChartPath, index: number): string {
  const { screen } = planStageEditorStep(path as never, index);
  return [
    `etapas: ${screen.stages.join(', ')}`,
    screen.rename && `"${screen.rename.label}" com "${screen.rename.value}", botão "${screen.rename.save}"`,
    screen.renameError && `erro ao renomear: "${screen.renameError}"`,
    screen.movesLocked && '"Subir" e "Descer" bloqueados',
    screen.reorderError && `erro ao reordenar: "${screen.reorderError}"`,
    `"Nova etapa": "${screen.newName}", botão "${screen.addButton}"`,
    screen.addError && `erro ao adicionar: "${screen.addError}"`,
    screen.focus && `foco em "${screen.focus}"`,
    screen.toast && `aviso "${screen.toast}"`,
  ]
    .filter(Boolean)
    .join('; ');
}
