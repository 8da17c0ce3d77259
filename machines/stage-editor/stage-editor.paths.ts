import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { type DealStage, STAGE_NAME_TAKEN_TEXT } from '../../contracts/sales';
import type { PathScenario } from '../../tests/support/chart-paths';
import { orderAfterMove, type StageEditorEvent, stageEditorMachine } from './stage-editor.machine';

/**
 * The stage-editor chart's path model ("Etapas do funil" on /sales), and per step what to do in the
 * running app and what the owner must see (`planStageEditorStep`). The company has the default
 * stages a new account starts with; each path tells one story (a rename, a move, a new stage), so
 * the three regions are not mixed on one path.
 */

export type StageEditorSnapshot = SnapshotFrom<typeof stageEditorMachine>;

const stage = (id: string, name: string, position: number, kind: DealStage['kind'] = 'open'): DealStage => ({
  id,
  name,
  position,
  kind,
});

/** A new company's stages, in board order (server/db/migrations/010_sales.sql). */
export const defaultStages: DealStage[] = [
  stage('st-novo', 'Novo contato', 0),
  stage('st-negociacao', 'Em negociação', 1),
  stage('st-proposta', 'Proposta enviada', 2),
  stage('st-ganho', 'Fechado ganho', 3, 'won'),
  stage('st-perdido', 'Fechado perdido', 4, 'lost'),
];
const [novo, negociacao, proposta] = defaultStages as [DealStage, DealStage, DealStage];

/** The names the paths type: a free one, one another stage has (the server refuses it), none. */
export const FREE_RENAME = 'Primeiro contato';
export const FREE_NEW = 'Aguardando pagamento';
export const TAKEN = proposta.name;
export const REORDER_FAILED_TEXT = 'Não foi possível salvar a ordem agora. Tente de novo.';

const nameOf = (stageId: string) => defaultStages.find((s) => s.id === stageId)?.name ?? stageId;
const taken = (name: string, except?: string) =>
  defaultStages.some((s) => s.id !== except && s.name.trim().toLowerCase() === name.trim().toLowerCase());

/** The 409 the real server answers for a name another stage has (as the app's actor rejects). */
export const nameTaken = Object.assign(new Error(STAGE_NAME_TAKEN_TEXT), { status: 409 });
const reorderBroken = Object.assign(new Error(REORDER_FAILED_TEXT), { status: 500 });

const renamedStage = { ...novo, name: FREE_RENAME };
const addedStage = stage('st-novo-2', FREE_NEW, 3);
const movedOrder = orderAfterMove(
  defaultStages.map((s) => s.id),
  novo.id,
  'down',
)!.map((id, position) => ({ ...defaultStages.find((s) => s.id === id)!, position }));

export const stageEditorScenarios: PathScenario<undefined>[] = [
  {
    name: 'stages',
    summary: `The owner opens "Etapas" on /sales: ${defaultStages.map((s) => s.name).join(', ')}`,
    input: undefined,
  },
];

/** Each region's state name, e.g. "rename.editing · reorder.idle · add.idle". */
function regions(snapshot: StageEditorSnapshot): string {
  const value = snapshot.value as Record<string, string>;
  return ['rename', 'reorder', 'add'].map((region) => `${region}.${value[region]}`).join(' · ');
}

/** A region has started its story (not at rest), or has saved it (done). */
function engaged(snapshot: StageEditorSnapshot) {
  const c = snapshot.context;
  return {
    rename: !snapshot.matches({ rename: 'idle' }) || c.renamed !== null,
    reorder: !snapshot.matches({ reorder: 'idle' }) || c.moved !== null,
    add: !snapshot.matches({ add: 'idle' }) || c.newName !== '' || c.addError !== null || c.added !== null,
  };
}

const startRename = (s: DealStage): StageEditorEvent => ({
  type: 'START_RENAME',
  stageId: s.id,
  name: s.name,
});

export const stageEditorPathModel = {
  chart: 'stage-editor',
  title: '/sales "Etapas": rename, move and add stages, with the refusals',
  machine: stageEditorMachine,
  scenarios: stageEditorScenarios,

  events(snapshot: StageEditorSnapshot): StageEditorEvent[] {
    const busy = engaged(snapshot);
    const others = (region: keyof typeof busy) =>
      (Object.keys(busy) as (keyof typeof busy)[]).some((r) => r !== region && busy[r]);
    const c = snapshot.context;
    if (busy.rename && !others('rename')) {
      if (!snapshot.matches({ rename: 'editing' })) return [];
      const other = c.renaming?.stageId === novo.id ? negociacao : novo;
      return [
        ...['', FREE_RENAME, TAKEN].map((name): StageEditorEvent => ({ type: 'EDIT_RENAME', name })),
        // Saving the name it has is a save like any other; the paths save a new one.
        ...(c.renameName === c.renaming?.name ? [] : [{ type: 'SAVE_RENAME' } as const]),
        { type: 'CANCEL_RENAME' },
        startRename(other),
      ];
    }
    if (busy.reorder && !others('reorder')) {
      if (c.moved !== null || !snapshot.matches({ reorder: 'failed' })) return [];
      return [
        { type: 'MOVE', stageIds: defaultStages.map((s) => s.id), stageId: novo.id, direction: 'down' },
      ];
    }
    if (busy.add && !others('add')) {
      if (c.added !== null || !snapshot.matches({ add: 'idle' })) return [];
      return [
        ...['', FREE_NEW, TAKEN].map((name): StageEditorEvent => ({ type: 'EDIT_NEW', name })),
        { type: 'ADD' },
      ];
    }
    if (busy.rename || busy.reorder || busy.add) return [];
    return [
      startRename(novo),
      { type: 'MOVE', stageIds: defaultStages.map((s) => s.id), stageId: novo.id, direction: 'down' },
      { type: 'EDIT_NEW', name: FREE_NEW },
      { type: 'EDIT_NEW', name: TAKEN },
      { type: 'ADD' },
    ];
  },

  actors: [
    { id: 'renameStage', src: 'renameStage', outputs: [renamedStage], errors: [nameTaken] },
    { id: 'reorderStages', src: 'reorderStages', outputs: [movedOrder], errors: [reorderBroken] },
    { id: 'createStage', src: 'createStage', outputs: [addedStage], errors: [nameTaken] },
  ],

  /** The real server answers a name by what the company has: a taken one is refused, a free one saved. */
  allows(snapshot: StageEditorSnapshot, event: AnyEventObject): boolean {
    const c = snapshot.context;
    switch (event.type) {
      case 'xstate.done.actor.renameStage':
        return !taken(c.renameName, c.renaming?.stageId) && c.renameName.trim() === FREE_RENAME;
      case 'xstate.error.actor.renameStage':
        return taken(c.renameName, c.renaming?.stageId);
      case 'xstate.done.actor.createStage':
        return !taken(c.newName) && c.newName.trim() === FREE_NEW;
      case 'xstate.error.actor.createStage':
        return taken(c.newName);
      default:
        return true;
    }
  },

  serializeState(snapshot: StageEditorSnapshot): string {
    const c = snapshot.context;
    return [
      regions(snapshot),
      c.renaming && `renaming ${nameOf(c.renaming.stageId)} as "${c.renameName}"`,
      c.renameError && `rename says "${c.renameError}"`,
      c.renamed && `renamed ${c.renamed.name}`,
      c.moved && 'moved',
      c.reorderError && `reorder says "${c.reorderError}"`,
      c.newName && `new "${c.newName}"`,
      c.addError && `add says "${c.addError}"`,
      c.added && `added ${c.added}`,
    ]
      .filter(Boolean)
      .join(' · ');
  },

  /** Each region's states, with and without its refusal, and each way a story ends. */
  coverageKey(snapshot: StageEditorSnapshot): string {
    const c = snapshot.context;
    return [
      regions(snapshot),
      c.renameError && `rename refused: ${c.renameError}`,
      c.renamed && 'renamed',
      c.moved && 'moved',
      c.reorderError && 'reorder failed',
      c.addError && `add refused: ${c.addError}`,
      c.added && 'added',
    ]
      .filter(Boolean)
      .join(' · ');
  },

  describeState(snapshot: StageEditorSnapshot): string {
    const c = snapshot.context;
    if (snapshot.matches({ rename: 'editing' }))
      return `the field for ${nameOf(c.renaming!.stageId)} holds "${c.renameName}"${c.renameError ? `, saying "${c.renameError}"` : ''}`;
    if (snapshot.matches({ rename: 'saving' })) return `"${c.renameName}" is being saved ("Salvando...")`;
    if (snapshot.matches({ reorder: 'saving' })) return 'the new order is being saved: the move buttons wait';
    if (snapshot.matches({ add: 'saving' })) return `"${c.newName}" is being added ("Adicionando...")`;
    if (c.reorderError) return `the order as it was, saying "${c.reorderError}"`;
    if (c.addError) return `"Nova etapa" holds "${c.newName}", saying "${c.addError}"`;
    if (c.renamed) return `the stage is now "${c.renamed.name}"`;
    if (c.moved) return `${nameOf(c.moved.stageId)} one place down, the focus on its "Descer"`;
    if (c.added) return `"${c.added}" added before the won and lost stages`;
    if (c.newName) return `"Nova etapa" holds "${c.newName}"`;
    return 'the stages in board order';
  },

  describeEvent(event: AnyEventObject): string {
    const e = event as StageEditorEvent;
    switch (e.type) {
      case 'START_RENAME':
        return `The owner presses "Renomear" on ${e.name}`;
      case 'EDIT_RENAME':
        return `The owner types "${e.name}" as its name`;
      case 'SAVE_RENAME':
        return 'The owner presses "Salvar"';
      case 'CANCEL_RENAME':
        return 'The owner presses "Cancelar"';
      case 'MOVE':
        return `The owner presses "${e.direction === 'up' ? 'Subir' : 'Descer'}" on ${nameOf(e.stageId)}`;
      case 'EDIT_NEW':
        return `The owner types "${e.name}" in "Nova etapa"`;
      case 'ADD':
        return 'The owner presses "Adicionar etapa"';
    }
    const status = (event as { error?: { status?: number } }).error?.status;
    if (event.type.startsWith('xstate.done.actor.')) return 'The server saves it';
    return `The server answers ${status}`;
  },
};

/** The calls the panel makes, as the drivers hold and answer them. */
export type StageCall = 'rename' | 'reorder' | 'create';

/** What the drivers do in the running app, as data. */
export type StageEditorUserAction =
  /** Opens /sales on the default stages and presses "Etapas". */
  | { do: 'open' }
  | { do: 'click'; button: string }
  | { do: 'fill'; label: string; text: string }
  /**
   * The held call's answer. `real` ones the real server gives (a free name saved, a taken one
   * refused); the reorder's 500 is served in its place. `expect` is what the call must carry.
   */
  | {
      do: 'answer';
      call: StageCall;
      expect: { stageName?: string; body: unknown };
      real: boolean;
      status: number;
      body: unknown;
    };

/** What the owner must see after a step. */
export interface StageEditorScreen {
  /** The stages' names in board order. */
  stages: string[];
  /** The stage being renamed: its field's label and value, and "Salvar"'s label and state. */
  rename: { label: string; value: string; save: string; saveDisabled: boolean } | null;
  renameError: string | null;
  /** Every "Subir" and "Descer" waits while a new order saves. */
  movesLocked: boolean;
  reorderError: string | null;
  /** What "Nova etapa" holds, and its button's label. */
  newName: string;
  addButton: string;
  addError: string | null;
  /** The button that has the focus (by its accessible name), when it matters. */
  focus: string | null;
  /** A toast that must be on screen. */
  toast: string | null;
}

export interface StageEditorStepPlan {
  actions: StageEditorUserAction[];
  screen: StageEditorScreen;
}

interface PlannablePath {
  steps: ReadonlyArray<{ event: AnyEventObject; state: StageEditorSnapshot }>;
}

const envelope = (data: unknown) => ({ success: true, data });
const takenReply = {
  success: false,
  error: STAGE_NAME_TAKEN_TEXT,
  code: 'CONFLICT',
  issues: [{ path: 'name', message: STAGE_NAME_TAKEN_TEXT }],
};

function actionsFor(path: PlannablePath, index: number): StageEditorUserAction[] {
  if (index === 0) return [{ do: 'open' }];
  const event = path.steps[index]!.event as StageEditorEvent | AnyEventObject;
  const before = path.steps[index - 1]!.state.context;
  const e = event as StageEditorEvent;
  switch (e.type) {
    case 'START_RENAME':
      return [{ do: 'click', button: `Renomear a etapa ${e.name}` }];
    case 'EDIT_RENAME':
      return [{ do: 'fill', label: `Novo nome da etapa ${before.renaming!.name}`, text: e.name }];
    case 'SAVE_RENAME':
      return [{ do: 'click', button: 'Salvar' }];
    case 'CANCEL_RENAME':
      return [{ do: 'click', button: 'Cancelar' }];
    case 'MOVE':
      return [
        {
          do: 'click',
          button: `${e.direction === 'up' ? 'Subir' : 'Descer'} a etapa ${nameOf(e.stageId)}`,
        },
      ];
    case 'EDIT_NEW':
      return [{ do: 'fill', label: 'Nova etapa', text: e.name }];
    case 'ADD':
      return [{ do: 'click', button: 'Adicionar etapa' }];
  }
  const ok = event.type.startsWith('xstate.done.actor.');
  if (event.type.endsWith('.renameStage'))
    return [
      {
        do: 'answer',
        call: 'rename',
        expect: { stageName: before.renaming!.name, body: { name: before.renameName } },
        real: true,
        status: ok ? 200 : 409,
        body: ok ? envelope({ stage: { ...renamedStage, name: before.renameName.trim() } }) : takenReply,
      },
    ];
  if (event.type.endsWith('.createStage'))
    return [
      {
        do: 'answer',
        call: 'create',
        expect: { body: { name: before.newName } },
        real: true,
        status: ok ? 201 : 409,
        body: ok ? envelope({ stage: { ...addedStage, name: before.newName.trim() } }) : takenReply,
      },
    ];
  return [
    {
      do: 'answer',
      call: 'reorder',
      expect: { body: { stageIds: movedOrder.map((s) => s.id) } },
      real: ok,
      status: ok ? 200 : 500,
      body: ok
        ? envelope({ stages: movedOrder })
        : { success: false, error: REORDER_FAILED_TEXT, code: 'INTERNAL_ERROR' },
    },
  ];
}

/** The stages' names as the server has them after the path's saves so far. */
function stagesAt(snapshot: StageEditorSnapshot): string[] {
  const c = snapshot.context;
  let stages = c.moved ? movedOrder : defaultStages;
  if (c.renamed)
    stages = stages.map((s) => (s.id === c.renamed!.stageId ? { ...s, name: c.renamed!.name } : s));
  const names = stages.map((s) => s.name);
  if (c.added)
    names.splice(
      stages.findIndex((s) => s.kind !== 'open'),
      0,
      c.added,
    );
  return names;
}

function screenOf(path: PlannablePath, index: number): StageEditorScreen {
  const step = path.steps[index]!;
  const snapshot = step.state;
  const c = snapshot.context;
  const type = step.event.type;
  const renaming = c.renaming;
  const renameSaving = snapshot.matches({ rename: 'saving' });
  return {
    stages: stagesAt(snapshot),
    rename: renaming
      ? {
          label: `Novo nome da etapa ${renaming.name}`,
          value: c.renameName,
          save: renameSaving ? 'Salvando...' : 'Salvar',
          saveDisabled: renameSaving,
        }
      : null,
    renameError: c.renameError,
    movesLocked: snapshot.matches({ reorder: 'saving' }),
    reorderError: c.reorderError,
    newName: c.newName,
    addButton: snapshot.matches({ add: 'saving' }) ? 'Adicionando...' : 'Adicionar etapa',
    addError: c.addError,
    focus: type === 'xstate.done.actor.reorderStages' ? `Descer a etapa ${nameOf(c.moved!.stageId)}` : null,
    toast:
      type === 'xstate.done.actor.renameStage'
        ? `Etapa renomeada para ${c.renamed!.name}.`
        : type === 'xstate.done.actor.createStage'
          ? `Etapa ${c.added} criada.`
          : null,
  };
}

/** What to do at step `index` of a stage-editor path, and what the owner must then see. */
export function planStageEditorStep(path: PlannablePath, index: number): StageEditorStepPlan {
  return { actions: actionsFor(path, index), screen: screenOf(path, index) };
}
