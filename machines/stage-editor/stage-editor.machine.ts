import { assign, emit, fromPromise, setup } from 'xstate';
import { type DealStage, STAGE_NAME_REQUIRED_TEXT } from '../../contracts/sales';
import { failureMessage } from '../failure-message';

/** Which of a stage's two move buttons was pressed ("Subir" or "Descer"). */
export type MoveDirection = 'up' | 'down';

/** A move that saved: the view keeps the focus on that stage's button once its row has moved. */
export interface SavedMove {
  stageId: string;
  direction: MoveDirection;
}

export interface StageEditorContext {
  /** The stage whose name is being edited, with the name it has, or null. */
  renaming: { stageId: string; name: string } | null;
  /** What the rename field holds. */
  renameName: string;
  /** Why the rename did not save (beside the field), until "Salvar" again or another rename. */
  renameError: string | null;
  /** The last rename saved (the toast's words). */
  renamed: { stageId: string; name: string } | null;
  /** The move being saved, or null. */
  moving: SavedMove | null;
  /** The last move saved, a new object each time: where the focus goes. */
  moved: SavedMove | null;
  /** Why the last move did not save (below the list). */
  reorderError: string | null;
  /** What the "Nova etapa" field holds. */
  newName: string;
  /** Why the new stage was not added (beside the field). */
  addError: string | null;
  /** The name of the last stage added (the toast's words). */
  added: string | null;
}

export type StageEditorEvent =
  /** "Renomear" on a stage: its field, holding the stage's name (another one being renamed is left). */
  | { type: 'START_RENAME'; stageId: string; name: string }
  /** What the rename field holds now. */
  | { type: 'EDIT_RENAME'; name: string }
  /** "Salvar". */
  | { type: 'SAVE_RENAME' }
  /** "Cancelar": the stage as it was. */
  | { type: 'CANCEL_RENAME' }
  /** "Subir" / "Descer" on `stageId`, `stageIds` being the stages in board order now. */
  | { type: 'MOVE'; stageIds: string[]; stageId: string; direction: MoveDirection }
  /** What the "Nova etapa" field holds now. */
  | { type: 'EDIT_NEW'; name: string }
  /** "Adicionar etapa". */
  | { type: 'ADD' };

export interface RenameInput {
  stageId: string;
  name: string;
}

/** The stage ids with `stageId` one place up or down, or null when it cannot go that way. */
export function orderAfterMove(stageIds: readonly string[], stageId: string, direction: MoveDirection) {
  const from = stageIds.indexOf(stageId);
  const to = from + (direction === 'up' ? -1 : 1);
  if (from < 0 || to < 0 || to >= stageIds.length) return null;
  const ids = [...stageIds];
  ids.splice(from, 1);
  ids.splice(to, 0, stageId);
  return ids;
}

/** What the editor tells the app once a change saved (a toast, the caches): emitted after the step. */
export type StageEditorEmitted =
  | { type: 'stageRenamed'; stage: DealStage }
  | { type: 'stagesReordered'; stages: DealStage[] }
  | { type: 'stageAdded'; stage: DealStage };

const blank = (name: string) => name.trim() === '';
type MoveEvent = Extract<StageEditorEvent, { type: 'MOVE' }>;

/**
 * "Etapas do funil" on /sales: the company's stages renamed, moved up or down and added, three
 * things that go on side by side (a parallel region each). A blank name is refused beside its
 * field without a call; the server's refusal (a taken name, a full funnel) shows there too. Each
 * save that goes through is emitted for the app (the toast, the caches). Deleting a stage
 * asks first on the confirm-delete chart, one per row.
 */
export const stageEditorMachine = setup({
  types: {
    context: {} as StageEditorContext,
    events: {} as StageEditorEvent,
    emitted: {} as StageEditorEmitted,
  },
  actors: {
    renameStage: fromPromise<DealStage, RenameInput>(async () => {
      throw new Error('No way to rename a stage was provided');
    }),
    reorderStages: fromPromise<DealStage[], { stageIds: string[] }>(async () => {
      throw new Error('No way to reorder the stages was provided');
    }),
    createStage: fromPromise<DealStage, { name: string }>(async () => {
      throw new Error('No way to add a stage was provided');
    }),
  },
  actions: {
    startRename: assign(({ event }) => {
      const start = event as Extract<StageEditorEvent, { type: 'START_RENAME' }>;
      return {
        renaming: { stageId: start.stageId, name: start.name },
        renameName: start.name,
        renameError: null,
      };
    }),
    startMove: assign(({ event }) => {
      const move = event as MoveEvent;
      return { moving: { stageId: move.stageId, direction: move.direction }, reorderError: null };
    }),
  },
  guards: {
    renameBlank: ({ context }) => blank(context.renameName),
    newNameBlank: ({ context }) => blank(context.newName),
    movable: ({ event }) => {
      const move = event as MoveEvent;
      return orderAfterMove(move.stageIds, move.stageId, move.direction) !== null;
    },
  },
}).createMachine({
  id: 'stageEditor',
  type: 'parallel',
  context: {
    renaming: null,
    renameName: '',
    renameError: null,
    renamed: null,
    moving: null,
    moved: null,
    reorderError: null,
    newName: '',
    addError: null,
    added: null,
  },
  states: {
    rename: {
      initial: 'idle',
      states: {
        idle: {
          description: 'Every stage shows its name and buttons.',
          on: { START_RENAME: { target: 'editing', actions: 'startRename' } },
        },
        editing: {
          description: 'The stage shows its name field, "Salvar" and "Cancelar".',
          on: {
            START_RENAME: { target: 'editing', reenter: true, actions: 'startRename' },
            EDIT_RENAME: { actions: assign({ renameName: ({ event }) => event.name }) },
            SAVE_RENAME: [
              {
                guard: 'renameBlank',
                actions: assign({ renameError: STAGE_NAME_REQUIRED_TEXT }),
              },
              { target: 'saving', actions: assign({ renameError: null }) },
            ],
            CANCEL_RENAME: {
              target: 'idle',
              actions: assign({ renaming: null, renameName: '', renameError: null }),
            },
          },
        },
        saving: {
          description: 'The rename call: "Salvando..."; the stage\'s buttons wait.',
          invoke: {
            id: 'renameStage',
            src: 'renameStage',
            input: ({ context }) => ({ stageId: context.renaming!.stageId, name: context.renameName }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ event }) => ({
                  renaming: null,
                  renameName: '',
                  renamed: { stageId: event.output.id, name: event.output.name },
                })),
                emit(({ event }) => ({ type: 'stageRenamed' as const, stage: event.output })),
              ],
            },
            onError: {
              target: 'editing',
              actions: assign({ renameError: ({ event }) => failureMessage(event.error) }),
            },
          },
        },
      },
    },
    reorder: {
      initial: 'idle',
      states: {
        idle: {
          description: 'The stages in board order; "Subir" and "Descer" where a stage can go.',
          on: { MOVE: { guard: 'movable', target: 'saving', actions: 'startMove' } },
        },
        saving: {
          description: 'The new order is being saved: every "Subir" and "Descer" waits.',
          invoke: {
            id: 'reorderStages',
            src: 'reorderStages',
            input: ({ event }) => {
              const move = event as MoveEvent;
              return { stageIds: orderAfterMove(move.stageIds, move.stageId, move.direction)! };
            },
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context }) => ({ moved: { ...context.moving! }, moving: null })),
                emit(({ event }) => ({ type: 'stagesReordered' as const, stages: event.output })),
              ],
            },
            onError: {
              target: 'failed',
              actions: assign({ moving: null, reorderError: ({ event }) => failureMessage(event.error) }),
            },
          },
        },
        failed: {
          description: "The order as it was, the server's words below the list.",
          on: { MOVE: { guard: 'movable', target: 'saving', actions: 'startMove' } },
        },
      },
    },
    add: {
      initial: 'idle',
      on: { EDIT_NEW: { actions: assign({ newName: ({ event }) => event.name }) } },
      states: {
        idle: {
          description: 'The "Nova etapa" field and "Adicionar etapa".',
          on: {
            ADD: [
              { guard: 'newNameBlank', actions: assign({ addError: STAGE_NAME_REQUIRED_TEXT }) },
              { target: 'saving', actions: assign({ addError: null }) },
            ],
          },
        },
        saving: {
          description: 'The new stage is being added: "Adicionando...".',
          invoke: {
            id: 'createStage',
            src: 'createStage',
            input: ({ context }) => ({ name: context.newName }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ event }) => ({ newName: '', added: event.output.name })),
                emit(({ event }) => ({ type: 'stageAdded' as const, stage: event.output })),
              ],
            },
            onError: {
              target: 'idle',
              actions: assign({ addError: ({ event }) => failureMessage(event.error) }),
            },
          },
        },
      },
    },
  },
});
