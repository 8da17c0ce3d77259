import type { AnyEventObject, SnapshotFrom } from 'xstate';
import {
  AI_TRAINING_CONFLICT_TEXT,
  type AiTrainingInput,
  type AiTrainingVersion,
  type AiTrainingVersionSummary,
} from '../../contracts/ai-training';
import type { PathScenario } from '../../tests/support/chart-paths';
import { plannedAnswer, refusal } from '../planned-answer';
import {
  type AiTrainingFormEvent,
  type AiTrainingFormInput,
  aiTrainingFormMachine,
  isDirty,
  type PreviewAnswer,
} from './ai-training-form.machine';
import {
  AI_TRAINING_HISTORY_FAILED_TEXT,
  AI_TRAINING_LOAD_FAILED_TEXT,
  aiTrainingFields,
  aiTrainingTexts,
  aiTrainingToasts,
  faqLabels,
  restoreQuestion,
  versionTitle,
  wordsLabels,
} from './ai-training-form.texts';

/**
 * The AI training chart's path model: Ana (the owner) on "Treinamento da IA", version 2 current.
 * She edits the description, adds a question (saving it half-written is refused beside its answer),
 * swaps a word to avoid, previews an answer with the unsaved form, saves (the server saves, refuses
 * with a 409, a 400 or a 500), opens the history, views version 1 and restores it. Bruno (staff)
 * reads the same training, its history and a preview, with nothing to save. Per step, what to do in
 * the app and what the person must see (`planAiTrainingStep`).
 */

export type AiTrainingSnapshot = SnapshotFrom<typeof aiTrainingFormMachine>;

export const AI_TRAINING_URL = '/settings/ai-training';

const ANA = 'Ana Souza';

export const firstContent: AiTrainingInput = {
  businessDescription: 'Doces por encomenda.',
  toneOfVoice: 'Informal.',
  openingHours: 'Seg a sex, 9h às 18h',
  paymentPolicy: 'Pix ou cartão.',
  deliveryPolicy: 'Entrega em Campinas.',
  faqs: [{ question: 'Fazem bolo sem glúten?', answer: 'Sim, com 3 dias de antecedência.' }],
  wordsToAvoid: ['barato'],
};
export const currentContent: AiTrainingInput = {
  ...firstContent,
  businessDescription: 'Doces artesanais por encomenda em Campinas, para festas e presentes.',
};

export const version1: AiTrainingVersion = {
  version: 1,
  createdAt: '2030-01-01T12:00:00.000Z',
  authorName: ANA,
  restoredFrom: null,
  content: firstContent,
};
export const version2: AiTrainingVersion = {
  version: 2,
  createdAt: '2030-01-02T12:00:00.000Z',
  authorName: ANA,
  restoredFrom: null,
  content: currentContent,
};
const summary = ({ content: _content, ...rest }: AiTrainingVersion): AiTrainingVersionSummary => rest;
export const listedVersions: AiTrainingVersionSummary[] = [summary(version2), summary(version1)];

/** What Ana types, in order. */
export const NEW_DESCRIPTION = 'Doces artesanais e bolos de festa por encomenda em Campinas.';
export const NEW_QUESTION = 'Vocês entregam no domingo?';
export const NEW_ANSWER = 'Só com agendamento, até sexta.';
export const NEW_WORD = 'promoção';
export const SAMPLE_QUESTION = 'Como respondo um cliente que achou caro?';

/** The form once Ana's edits are all made: what the save sends, and the server's version 3. */
export const editedContent: AiTrainingInput = {
  ...currentContent,
  businessDescription: NEW_DESCRIPTION,
  faqs: [...currentContent.faqs, { question: NEW_QUESTION, answer: NEW_ANSWER }],
  wordsToAvoid: [NEW_WORD],
};
export const savedVersion3: AiTrainingVersion = {
  version: 3,
  createdAt: '2030-01-03T12:00:00.000Z',
  authorName: ANA,
  restoredFrom: null,
  content: editedContent,
};
/** What the reload after a conflict reads: Bruno's manager colleague saved in between. */
export const othersVersion3: AiTrainingVersion = {
  version: 3,
  createdAt: '2030-01-03T12:00:00.000Z',
  authorName: 'Carla Dias',
  restoredFrom: null,
  content: { ...currentContent, openingHours: 'Todos os dias, 8h às 20h' },
};
export const restoredVersion3: AiTrainingVersion = {
  version: 3,
  createdAt: '2030-01-03T12:00:00.000Z',
  authorName: ANA,
  restoredFrom: 1,
  content: firstContent,
};

export const previewAnswer: PreviewAnswer = {
  text: 'Agradeça, explique o que está incluído no preço e ofereça o bolo de pote como opção menor.',
  mode: 'offline',
  sources: [
    { kind: 'training', id: 'training', label: 'Treinamento da IA', href: AI_TRAINING_URL },
    {
      kind: 'service',
      id: '00000000-0000-4000-8000-00000000e0e0',
      label: 'Bolo de pote',
      href: '/settings/services',
    },
  ],
};

export const AI_TRAINING_BROKEN_TEXT = 'Não foi possível concluir agora. Tente novamente.';
const DESCRIPTION_REFUSED_TEXT = 'Use no máximo 4000 caracteres.';

/** The server's refusals, as the app's actors reject (ApiError's shape). */
export const aiTrainingFailures = {
  broken: refusal(AI_TRAINING_BROKEN_TEXT, 500, 'INTERNAL_ERROR'),
  conflict: refusal(AI_TRAINING_CONFLICT_TEXT, 409, 'CONFLICT'),
  invalid: Object.assign(refusal('Confira os campos destacados.', 400, 'VALIDATION_ERROR'), {
    issues: [{ path: 'content.businessDescription', message: DESCRIPTION_REFUSED_TEXT }],
  }),
};

export const aiTrainingScenarios: PathScenario<AiTrainingFormInput>[] = [
  {
    name: 'owner',
    summary: 'Ana, the owner, opens "Treinamento da IA" (version 2 is current)',
    input: { canEdit: true },
  },
  {
    name: 'staff',
    summary: 'Bruno, an Atendente, opens "Treinamento da IA" (read-only)',
    input: { canEdit: false },
  },
];

/** How far Ana's edits went, read from the form (0: as opened … 7: every edit made). */
export function editStage(snapshot: AiTrainingSnapshot): number {
  const { draft, newWord } = snapshot.context;
  if (draft.businessDescription !== NEW_DESCRIPTION) return 0;
  const added = draft.faqs[1];
  if (!added) return 1;
  if (added.question === '') return 2;
  if (added.answer === '') return 3;
  if (draft.wordsToAvoid.includes('barato')) return 4;
  if (draft.wordsToAvoid.includes(NEW_WORD)) return 7;
  return newWord === '' ? 5 : 6;
}

const formValue = (s: AiTrainingSnapshot) => {
  const value = s.value as { ready?: { form: unknown; preview: string } } | string;
  return typeof value === 'string' ? null : (value.ready ?? null);
};
const formState = (s: AiTrainingSnapshot): string | null => {
  const ready = formValue(s);
  if (!ready) return null;
  return typeof ready.form === 'string'
    ? ready.form
    : `history.${(ready.form as { history: string }).history}`;
};
const previewState = (s: AiTrainingSnapshot): string | null => formValue(s)?.preview ?? null;

function ownerEvents(snapshot: AiTrainingSnapshot): AiTrainingFormEvent[] {
  const form = formState(snapshot);
  const { context } = snapshot;
  const stage = editStage(snapshot);
  const version = context.saved?.version;
  const events: AiTrainingFormEvent[] = [];
  if (form === 'editing' && previewState(snapshot) !== 'asking') {
    if (version === 2) {
      if (stage === 0) events.push({ type: 'EDIT', field: 'businessDescription', value: NEW_DESCRIPTION });
      if (stage === 1) events.push({ type: 'ADD_FAQ' });
      if (stage === 2) {
        events.push({ type: 'EDIT_FAQ', index: 1, part: 'question', value: NEW_QUESTION });
        events.push({ type: 'REMOVE_FAQ', index: 1 });
      }
      if (stage === 3) {
        if (Object.keys(context.issues).length === 0) events.push({ type: 'SAVE' });
        events.push({ type: 'EDIT_FAQ', index: 1, part: 'answer', value: NEW_ANSWER });
      }
      if (stage === 4) events.push({ type: 'REMOVE_WORD', index: 0 });
      if (stage === 5) events.push({ type: 'EDIT_NEW_WORD', value: NEW_WORD });
      if (stage === 6) events.push({ type: 'ADD_WORD' });
      if (stage === 7) events.push({ type: 'SAVE' });
      if (stage === 0 && !isDirty(context)) events.push({ type: 'OPEN_HISTORY' });
    }
    // The preview with the unsaved description: the form's content as it is goes with the question.
    if (stage === 1 && version === 2) {
      if (context.question === '') events.push({ type: 'EDIT_QUESTION', question: SAMPLE_QUESTION });
      else if (previewState(snapshot) !== 'answered') events.push({ type: 'ASK' });
    }
  }
  if (form === 'conflict') events.push({ type: 'RELOAD' });
  if (form === 'history.failed') events.push({ type: 'RETRY' });
  if (form === 'history.list' && context.historyFailure === null) events.push({ type: 'VIEW', version: 1 });
  if (form === 'history.list') events.push({ type: 'CLOSE_HISTORY' });
  if (form === 'history.viewing') events.push({ type: 'RESTORE' }, { type: 'BACK' });
  if (form === 'history.confirming') events.push({ type: 'CONFIRM' }, { type: 'CANCEL' });
  return events;
}

function staffEvents(snapshot: AiTrainingSnapshot): AiTrainingFormEvent[] {
  const form = formState(snapshot);
  const { context } = snapshot;
  const preview = previewState(snapshot);
  if (form === 'editing' && (preview === 'idle' || preview === 'answered')) {
    if (context.question === '') return [{ type: 'EDIT_QUESTION', question: SAMPLE_QUESTION }];
    return [{ type: 'ASK' }];
  }
  return [];
}

const describeForm: Record<string, string> = {
  editing: 'the form',
  saving: '"Salvando..."',
  conflict: 'the conflict and "Recarregar"',
  reloading: '"Recarregando..."',
  'history.loading': 'the history loading',
  'history.failed': "the history's error",
  'history.list': 'the versions',
  'history.opening': 'version 1 loading',
  'history.viewing': 'version 1, read-only',
  'history.confirming': 'the question "Restaurar a versão 1?"',
  'history.restoring': '"Restaurando..."',
};

export const aiTrainingPathModel = {
  chart: 'ai-training-form',
  title:
    '"Treinamento da IA": edit, check, save (409, 400, 500), preview with the unsaved form, history and restore',
  machine: aiTrainingFormMachine,
  scenarios: aiTrainingScenarios,

  events(snapshot: AiTrainingSnapshot): AiTrainingFormEvent[] {
    if (snapshot.matches('loadFailed')) return [{ type: 'RETRY' }];
    return snapshot.context.canEdit ? ownerEvents(snapshot) : staffEvents(snapshot);
  },

  actors: [
    { id: 'loadTraining', src: 'loadTraining', outputs: [version2], errors: [aiTrainingFailures.broken] },
    {
      id: 'saveTraining',
      src: 'saveTraining',
      outputs: [savedVersion3],
      errors: [aiTrainingFailures.conflict, aiTrainingFailures.invalid, aiTrainingFailures.broken],
    },
    {
      id: 'reloadTraining',
      src: 'reloadTraining',
      outputs: [othersVersion3],
      errors: [aiTrainingFailures.broken],
    },
    {
      id: 'listVersions',
      src: 'listVersions',
      outputs: [listedVersions],
      errors: [aiTrainingFailures.broken],
    },
    { id: 'loadVersion', src: 'loadVersion', outputs: [version1], errors: [aiTrainingFailures.broken] },
    {
      id: 'restoreVersion',
      src: 'restoreVersion',
      outputs: [restoredVersion3],
      errors: [aiTrainingFailures.broken],
    },
    { id: 'preview', src: 'preview', outputs: [previewAnswer], errors: [aiTrainingFailures.broken] },
  ],

  /** The form as seen (how far the edits went, the messages), the version, the history and the preview. */
  serializeState(snapshot: AiTrainingSnapshot): string {
    const c = snapshot.context;
    return [
      aiTrainingPathModel.coverageKey(snapshot),
      `v${c.saved?.version ?? 0}${c.saved?.restoredFrom ? `<-v${c.saved.restoredFrom}` : ''}:${c.saved?.authorName}`,
      `stage ${editStage(snapshot)}`,
      `issues ${JSON.stringify(c.issues)}`,
      `viewing ${c.viewing?.version ?? '-'}`,
      `question "${c.question}"`,
      c.answer ? 'answered' : 'no answer',
    ].join(' · ');
  },

  coverageKey(snapshot: AiTrainingSnapshot): string {
    const c = snapshot.context;
    return [
      JSON.stringify(snapshot.value),
      ...(c.canEdit ? [] : ['read-only']),
      ...(c.saveFailure ? [`save says "${c.saveFailure}"`] : []),
      ...(c.historyFailure ? [`history says "${c.historyFailure}"`] : []),
      ...(c.previewFailure && previewState(snapshot) === 'failed' ? ['preview failed'] : []),
    ].join(' · ');
  },

  describeState(snapshot: AiTrainingSnapshot): string {
    if (snapshot.matches('loading')) return 'the training loading';
    if (snapshot.matches('loadFailed')) return `the error screen "${AI_TRAINING_LOAD_FAILED_TEXT}"`;
    const c = snapshot.context;
    const form = describeForm[formState(snapshot) ?? ''] ?? String(formState(snapshot));
    const parts = [
      `${form} (version ${c.saved?.version}${c.canEdit ? '' : ', read-only'})`,
      ...Object.values(c.issues).map((m) => `"${m}"`),
      ...(c.saveFailure ? [`saying "${c.saveFailure}"`] : []),
      ...(c.historyFailure ? [`the history saying "${c.historyFailure}"`] : []),
      `preview ${previewState(snapshot)}`,
    ];
    return parts.join(', ');
  },

  describeEvent(event: AnyEventObject): string {
    const e = event as AiTrainingFormEvent;
    switch (e.type) {
      case 'RETRY':
        return 'She presses "Tentar novamente"';
      case 'EDIT':
        return `She writes "${e.value}" in "${aiTrainingFields[e.field].label}"`;
      case 'ADD_FAQ':
        return `She presses "${aiTrainingTexts.addFaq}"`;
      case 'EDIT_FAQ':
        return `She writes "${e.value}" in "${e.part === 'question' ? faqLabels.question(e.index + 1) : faqLabels.answer(e.index + 1)}"`;
      case 'REMOVE_FAQ':
        return `She presses "${aiTrainingTexts.removeFaq}" on question ${e.index + 1}`;
      case 'EDIT_NEW_WORD':
        return `She types "${e.value}" in "${wordsLabels.input}"`;
      case 'ADD_WORD':
        return `She presses "${aiTrainingTexts.addWord}"`;
      case 'REMOVE_WORD':
        return 'She removes "barato" from the words to avoid';
      case 'SAVE':
        return `She presses "${aiTrainingTexts.save}"`;
      case 'RELOAD':
        return `She presses "${aiTrainingTexts.reload}"`;
      case 'OPEN_HISTORY':
        return `She presses "${aiTrainingTexts.history}"`;
      case 'CLOSE_HISTORY':
        return `She presses "${aiTrainingTexts.closeHistory}"`;
      case 'VIEW':
        return `She opens "${versionTitle(e.version)}"`;
      case 'BACK':
        return `She presses "${aiTrainingTexts.back}"`;
      case 'RESTORE':
        return `She presses "${aiTrainingTexts.restore}"`;
      case 'CONFIRM':
        return `She presses "${aiTrainingTexts.restoreConfirm}"`;
      case 'CANCEL':
        return `She presses "${aiTrainingTexts.cancel}"`;
      case 'EDIT_QUESTION':
        return `She types "${e.question}" as the sample question`;
      case 'ASK':
        return `She presses "${aiTrainingTexts.ask}"`;
    }
    const call = event.type.replace(/^xstate\.(done|error)\.actor\./, '');
    if (event.type.startsWith('xstate.done.actor.')) return `The server answers ${call}`;
    return `The server refuses ${call}: ${(event as { error?: { status?: number } }).error?.status}`;
  },
};

/** The calls of the screen, as the plan names them. */
export type AiTrainingCall =
  | 'loadTraining'
  | 'saveTraining'
  | 'reloadTraining'
  | 'listVersions'
  | 'loadVersion'
  | 'restoreVersion'
  | 'preview';

/** Where an action happens: a text field by its label, a button by its name. */
export type AiTrainingUserAction =
  | { do: 'open'; url: string }
  | { do: 'fill'; label: string; text: string }
  | { do: 'click'; button: string }
  | { do: 'answer'; call: AiTrainingCall; status: number; body: unknown };

export interface SeenFaq {
  question: string;
  answer: string;
}

/** What the person must see after a step. */
export interface AiTrainingStepScreen {
  loading: boolean;
  loadError: string | null;
  /** The form's fields (null when the form is not on screen: loading, or the history open). */
  form: { businessDescription: string; faqs: SeenFaq[]; wordsToAvoid: string[] } | null;
  /** The save button's label; null when there is none (read-only, or the form is not shown). */
  saveButton: string | null;
  /** The messages on screen: beside fields, the save's, the conflict's, the history's. */
  errors: string[];
  readOnly: boolean;
  /** The history: its versions' titles, the version open, the question asked. */
  versions: string[] | null;
  viewing: string | null;
  question: string | null;
  /** The preview: the answer, its sources' labels, the offline notice, or its failure. */
  answer: { text: string; sources: string[]; offline: boolean } | null;
  askButton: string | null;
  toast: string | null;
}

export interface AiTrainingStepPlan {
  actions: AiTrainingUserAction[];
  screen: AiTrainingStepScreen;
}

type AiTrainingPath = { steps: { event: AnyEventObject; state: AiTrainingSnapshot }[] };

function actionsFor(event: AnyEventObject): AiTrainingUserAction[] {
  const e = event as AiTrainingFormEvent;
  switch (e.type) {
    case 'RETRY':
      return [{ do: 'click', button: aiTrainingTexts.retry }];
    case 'EDIT':
      return [{ do: 'fill', label: aiTrainingFields[e.field].label, text: e.value }];
    case 'ADD_FAQ':
      return [{ do: 'click', button: aiTrainingTexts.addFaq }];
    case 'EDIT_FAQ':
      return [
        {
          do: 'fill',
          label: e.part === 'question' ? faqLabels.question(e.index + 1) : faqLabels.answer(e.index + 1),
          text: e.value,
        },
      ];
    case 'REMOVE_FAQ':
      return [{ do: 'click', button: `${aiTrainingTexts.removeFaq} ${e.index + 1}` }];
    case 'EDIT_NEW_WORD':
      return [{ do: 'fill', label: wordsLabels.input, text: e.value }];
    case 'ADD_WORD':
      return [{ do: 'click', button: aiTrainingTexts.addWord }];
    case 'REMOVE_WORD':
      return [{ do: 'click', button: aiTrainingTexts.removeWord('barato') }];
    case 'SAVE':
      return [{ do: 'click', button: aiTrainingTexts.save }];
    case 'RELOAD':
      return [{ do: 'click', button: aiTrainingTexts.reload }];
    case 'OPEN_HISTORY':
      return [{ do: 'click', button: aiTrainingTexts.history }];
    case 'CLOSE_HISTORY':
      return [{ do: 'click', button: aiTrainingTexts.closeHistory }];
    case 'VIEW':
      return [{ do: 'click', button: `${aiTrainingTexts.view} ${versionTitle(e.version)}` }];
    case 'BACK':
      return [{ do: 'click', button: aiTrainingTexts.back }];
    case 'RESTORE':
      return [{ do: 'click', button: aiTrainingTexts.restore }];
    case 'CONFIRM':
      return [{ do: 'click', button: aiTrainingTexts.restoreConfirm }];
    case 'CANCEL':
      return [{ do: 'click', button: aiTrainingTexts.cancel }];
    case 'EDIT_QUESTION':
      return [{ do: 'fill', label: 'Pergunta de exemplo', text: e.question }];
    case 'ASK':
      return [{ do: 'click', button: aiTrainingTexts.ask }];
  }
  const answer = plannedAnswer<AiTrainingCall>(event);
  // A 400's field issues go in its envelope too.
  const issues = (event as { error?: { issues?: unknown } }).error?.issues;
  return [issues ? { ...answer, body: { ...(answer.body as object), issues } } : answer];
}

function toastOf(event: AnyEventObject): string | null {
  if (event.type === 'xstate.done.actor.saveTraining')
    return aiTrainingToasts.saved((event.output as AiTrainingVersion).version);
  if (event.type === 'xstate.done.actor.restoreVersion') {
    const v = event.output as AiTrainingVersion;
    return aiTrainingToasts.restored(v.restoredFrom ?? 0, v.version);
  }
  return null;
}

/** Step `index` of `path`: the person's (or the server's) part, and the screen after it. */
export function planAiTrainingStep(path: AiTrainingPath, index: number): AiTrainingStepPlan {
  const { event, state } = path.steps[index]!;
  const actions =
    event.type === 'xstate.init' ? [{ do: 'open' as const, url: AI_TRAINING_URL }] : actionsFor(event);
  const c = state.context;
  const form = formState(state);
  const preview = previewState(state);
  const inHistory = form?.startsWith('history.') ?? false;
  const formShown = form !== null && !inHistory;
  const errors = [
    ...(formShown ? Object.values(c.issues) : []),
    ...(formShown && c.saveFailure ? [c.saveFailure] : []),
    ...(form === 'conflict' || form === 'reloading' ? [AI_TRAINING_CONFLICT_TEXT] : []),
    ...(inHistory && c.historyFailure
      ? [
          form === 'history.failed'
            ? `${AI_TRAINING_HISTORY_FAILED_TEXT} ${c.historyFailure}`
            : c.historyFailure,
        ]
      : []),
    ...(preview === 'failed' && c.previewFailure ? [c.previewFailure] : []),
  ];
  let saveButton: string | null = null;
  if (formShown && c.canEdit) {
    if (form === 'saving') saveButton = aiTrainingTexts.saving;
    else if (form === 'editing') saveButton = aiTrainingTexts.save;
  }
  return {
    actions,
    screen: {
      loading: state.matches('loading'),
      loadError: state.matches('loadFailed') ? AI_TRAINING_LOAD_FAILED_TEXT : null,
      form: formShown
        ? {
            businessDescription: c.draft.businessDescription,
            faqs: c.draft.faqs.map((f) => ({ question: f.question, answer: f.answer })),
            wordsToAvoid: c.draft.wordsToAvoid,
          }
        : null,
      saveButton,
      errors,
      readOnly: form !== null && !c.canEdit,
      versions:
        form === 'history.list' || form === 'history.opening'
          ? (c.versions ?? []).map((v) => versionTitle(v.version))
          : null,
      viewing:
        form === 'history.viewing' || form === 'history.confirming' || form === 'history.restoring'
          ? versionTitle(c.viewing?.version ?? 0)
          : null,
      question:
        form === 'history.confirming' || form === 'history.restoring'
          ? restoreQuestion(c.viewing?.version ?? 0, isDirty(c))
          : null,
      answer:
        preview === 'answered' && c.answer
          ? {
              text: c.answer.text,
              sources: c.answer.sources.map((s) => s.label),
              offline: c.answer.mode === 'offline',
            }
          : null,
      askButton:
        preview === null ? null : preview === 'asking' ? aiTrainingTexts.asking : aiTrainingTexts.ask,
      toast: toastOf(event),
    },
  };
}
