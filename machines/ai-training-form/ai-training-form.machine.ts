import { and, assign, emit, fromPromise, not, setup } from 'xstate';
import { type AdvisorMode, type AdvisorSource, advisorQuestionSchema } from '../../contracts/advisor';
import {
  AI_TRAINING_AVOID_MAX,
  AI_TRAINING_AVOID_WORD_MAX,
  AI_TRAINING_FAQ_MAX,
  type AiTrainingFaq,
  type AiTrainingInput,
  type AiTrainingVersion,
  type AiTrainingVersionSummary,
  aiTrainingInputSchema,
  EMPTY_AI_TRAINING,
} from '../../contracts/ai-training';
import type { Issue } from '../../contracts/envelope';
import { failureMessage } from '../failure-message';
import { callFailureOf } from '../phone-verification/call-failure';
import type { AiTrainingTextField } from './ai-training-form.texts';

/** Field path ("faqs.0.answer", "wordsToAvoid", "newWord") → its message. */
export type TrainingIssues = Record<string, string>;

export interface PreviewAnswer {
  text: string;
  mode: AdvisorMode;
  sources: AdvisorSource[];
}

export interface AiTrainingFormInput {
  /** A manager or the owner: may save and restore. Staff reads (and previews) only. */
  canEdit: boolean;
}

export interface AiTrainingFormContext {
  canEdit: boolean;
  /** The version the form was opened on (null: never saved); a save names it as its base. */
  saved: AiTrainingVersion | null;
  /** What the form shows. */
  draft: AiTrainingInput;
  /** The word to avoid being typed, not yet added. */
  newWord: string;
  issues: TrainingIssues;
  /** Submits refused by the form's check: the view moves the focus to the first issue on each. */
  refusals: number;
  /** Why loading failed, for the page's error screen. */
  loadError: string | null;
  /** Why the last save or reload failed (the server's words), above the buttons. */
  saveFailure: string | null;
  versions: AiTrainingVersionSummary[] | null;
  /** The version opened read-only from the history. */
  viewing: AiTrainingVersion | null;
  /** Why the history, a version or a restore failed. */
  historyFailure: string | null;
  question: string;
  questionIssue: string | null;
  answer: PreviewAnswer | null;
  previewFailure: string | null;
}

export type AiTrainingFormEvent =
  | { type: 'RETRY' }
  | { type: 'EDIT'; field: AiTrainingTextField; value: string }
  | { type: 'ADD_FAQ' }
  | { type: 'EDIT_FAQ'; index: number; part: keyof AiTrainingFaq; value: string }
  | { type: 'REMOVE_FAQ'; index: number }
  | { type: 'EDIT_NEW_WORD'; value: string }
  | { type: 'ADD_WORD' }
  | { type: 'REMOVE_WORD'; index: number }
  | { type: 'SAVE' }
  | { type: 'RELOAD' }
  | { type: 'OPEN_HISTORY' }
  | { type: 'CLOSE_HISTORY' }
  | { type: 'VIEW'; version: number }
  | { type: 'BACK' }
  | { type: 'RESTORE' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'EDIT_QUESTION'; question: string }
  | { type: 'ASK' };

/** What the app does for the chart: a toast, and the training's cache. */
export type AiTrainingFormEmitted =
  | { type: 'saved'; version: AiTrainingVersion }
  | { type: 'restored'; version: AiTrainingVersion };

export interface SaveTrainingInput {
  baseVersion: number | null;
  content: AiTrainingInput;
}
export interface PreviewInput {
  question: string;
  training: AiTrainingInput;
}

const notProvided = (what: string) => async (): Promise<never> => {
  throw new Error(`No way to ${what} was provided`);
};

/** The refusal's status and issues (the app's ApiError's shape), when the server answered one. */
const failureOf = (error: unknown): { status?: number; issues?: Issue[] } => {
  const failure = callFailureOf(error);
  return failure.kind === 'failed' ? failure : {};
};
/** Same texts in the same places: the form has nothing to save. */
const canonical = (c: AiTrainingInput) =>
  JSON.stringify([
    c.businessDescription.trim(),
    c.toneOfVoice.trim(),
    c.openingHours.trim(),
    c.paymentPolicy.trim(),
    c.deliveryPolicy.trim(),
    c.faqs.map((f) => [f.question.trim(), f.answer.trim()]),
    c.wordsToAvoid.map((w) => w.trim()),
  ]);

/** The form differs from the version it was opened on. */
export const isDirty = (context: Pick<AiTrainingFormContext, 'saved' | 'draft'>) =>
  canonical(context.draft) !== canonical(context.saved?.content ?? EMPTY_AI_TRAINING);

/** The contract's check of the form: the content to send, or the messages beside each field. */
export function checkTraining(
  draft: AiTrainingInput,
): { ok: true; content: AiTrainingInput } | { ok: false; issues: TrainingIssues } {
  const parsed = aiTrainingInputSchema.safeParse(draft);
  if (parsed.success) return { ok: true, content: parsed.data };
  return {
    ok: false,
    issues: issuesByPath(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))),
  };
}

/** The first message per path; a server's "content.x" paths are the form's "x". */
export function issuesByPath(issues: readonly Issue[]): TrainingIssues {
  const byPath: TrainingIssues = {};
  for (const issue of issues) byPath[issue.path.replace(/^content\./, '')] ??= issue.message;
  return byPath;
}

/**
 * What the preview sends: the form as it is, its blank questions left out (a half-written pair is
 * not worth refusing a preview for). Too-long texts stay, and the server's refusal says so.
 */
export const previewTraining = (draft: AiTrainingInput): AiTrainingInput => ({
  ...draft,
  faqs: draft.faqs.filter((f) => f.question.trim() !== '' && f.answer.trim() !== ''),
  wordsToAvoid: draft.wordsToAvoid.filter((w) => w.trim() !== ''),
});

const withoutIssues = (issues: TrainingIssues, drop: (path: string) => boolean) =>
  Object.fromEntries(Object.entries(issues).filter(([path]) => !drop(path)));

const tooLongWord = `Use no máximo ${AI_TRAINING_AVOID_WORD_MAX} caracteres.`;

/**
 * AI training (/settings/ai-training): `loading` (the current version) → `ready` or `loadFailed`
 * (RETRY). `ready` runs two regions. `form`: `editing` (fields, FAQ pairs, words to avoid; SAVE checks
 * with the contract, then `saving` → `editing` (emits `saved`), `conflict` on a 409 (RELOAD →
 * `reloading` the newest version, which replaces the form), or `editing` with the server's words);
 * `history` (`loading` the versions → `list`, `viewing` one read-only, RESTORE → `confirming` →
 * `restoring` → `editing` with the restored version, emits `restored`). `preview`: a sample question
 * asked with the form's content as it is (`asking` → `answered` | `failed`), never blocking the form.
 */
export const aiTrainingFormMachine = setup({
  types: {
    context: {} as AiTrainingFormContext,
    events: {} as AiTrainingFormEvent,
    emitted: {} as AiTrainingFormEmitted,
    input: {} as AiTrainingFormInput,
  },
  actors: {
    loadTraining: fromPromise<AiTrainingVersion | null>(notProvided('load the training')),
    /** The same read as loadTraining, after a conflict (its own name, so replays hold it apart). */
    reloadTraining: fromPromise<AiTrainingVersion | null>(notProvided('reload the training')),
    saveTraining: fromPromise<AiTrainingVersion, SaveTrainingInput>(notProvided('save the training')),
    listVersions: fromPromise<AiTrainingVersionSummary[]>(notProvided('list the versions')),
    loadVersion: fromPromise<AiTrainingVersion, { version: number }>(notProvided('load a version')),
    restoreVersion: fromPromise<AiTrainingVersion, { version: number }>(notProvided('restore a version')),
    preview: fromPromise<PreviewAnswer, PreviewInput>(notProvided('preview an answer')),
  },
  actions: {
    edited: assign({ saveFailure: null }),
  },
  guards: {
    canEdit: ({ context }) => context.canEdit,
    canSave: ({ context }) => context.canEdit && isDirty(context),
    formValid: ({ context }) => checkTraining(context.draft).ok,
    isConflict: ({ event }) => failureOf((event as { error?: unknown }).error).status === 409,
    hasIssues: ({ event }) => (failureOf((event as { error?: unknown }).error).issues?.length ?? 0) > 0,
    canAddFaq: ({ context }) => context.canEdit && context.draft.faqs.length < AI_TRAINING_FAQ_MAX,
    wordTyped: ({ context }) => context.canEdit && context.newWord.trim() !== '',
    questionTyped: ({ context }) => advisorQuestionSchema.safeParse(context.question).success,
  },
}).createMachine({
  id: 'aiTrainingForm',
  context: ({ input }) => ({
    canEdit: input.canEdit,
    saved: null,
    draft: EMPTY_AI_TRAINING,
    newWord: '',
    issues: {},
    refusals: 0,
    loadError: null,
    saveFailure: null,
    versions: null,
    viewing: null,
    historyFailure: null,
    question: '',
    questionIssue: null,
    answer: null,
    previewFailure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The current training is read: a skeleton form.',
      invoke: {
        id: 'loadTraining',
        src: 'loadTraining',
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            saved: event.output,
            draft: event.output?.content ?? EMPTY_AI_TRAINING,
            loadError: null,
          })),
        },
        onError: {
          target: 'loadFailed',
          actions: assign({ loadError: ({ event }) => failureMessage(event.error) }),
        },
      },
    },
    loadFailed: {
      description: 'The page\'s error screen with "Tentar novamente".',
      on: { RETRY: 'loading' },
    },
    ready: {
      type: 'parallel',
      states: {
        form: {
          initial: 'editing',
          states: {
            editing: {
              description: 'The form; "Salvar treinamento" enabled when something changed.',
              on: {
                EDIT: {
                  guard: 'canEdit',
                  actions: [
                    'edited',
                    assign(({ context, event }) => ({
                      draft: { ...context.draft, [event.field]: event.value },
                      issues: withoutIssues(context.issues, (p) => p === event.field),
                    })),
                  ],
                },
                ADD_FAQ: {
                  guard: 'canAddFaq',
                  actions: [
                    'edited',
                    assign(({ context }) => ({
                      draft: {
                        ...context.draft,
                        faqs: [...context.draft.faqs, { question: '', answer: '' }],
                      },
                      issues: withoutIssues(context.issues, (p) => p === 'faqs'),
                    })),
                  ],
                },
                EDIT_FAQ: {
                  guard: 'canEdit',
                  actions: [
                    'edited',
                    assign(({ context, event }) => ({
                      draft: {
                        ...context.draft,
                        faqs: context.draft.faqs.map((f, i) =>
                          i === event.index ? { ...f, [event.part]: event.value } : f,
                        ),
                      },
                      issues: withoutIssues(context.issues, (p) => p === `faqs.${event.index}.${event.part}`),
                    })),
                  ],
                },
                REMOVE_FAQ: {
                  guard: 'canEdit',
                  actions: [
                    'edited',
                    assign(({ context, event }) => ({
                      draft: {
                        ...context.draft,
                        faqs: context.draft.faqs.filter((_, i) => i !== event.index),
                      },
                      // The pairs after it move up: their messages would name the wrong pair.
                      issues: withoutIssues(context.issues, (p) => p.startsWith('faqs')),
                    })),
                  ],
                },
                EDIT_NEW_WORD: {
                  guard: 'canEdit',
                  actions: assign(({ context, event }) => ({
                    newWord: event.value,
                    issues: withoutIssues(context.issues, (p) => p === 'newWord'),
                  })),
                },
                ADD_WORD: { guard: 'wordTyped', actions: ['edited', assign(addWord)] },
                REMOVE_WORD: {
                  guard: 'canEdit',
                  actions: [
                    'edited',
                    assign(({ context, event }) => ({
                      draft: {
                        ...context.draft,
                        wordsToAvoid: context.draft.wordsToAvoid.filter((_, i) => i !== event.index),
                      },
                      issues: withoutIssues(context.issues, (p) => p.startsWith('wordsToAvoid')),
                    })),
                  ],
                },
                SAVE: [
                  {
                    // The contract's check first: its messages beside their fields, nothing sent.
                    guard: and(['canSave', not('formValid')]),
                    actions: assign(({ context }) => {
                      const check = checkTraining(context.draft);
                      return {
                        issues: check.ok ? {} : check.issues,
                        refusals: context.refusals + 1,
                        saveFailure: null,
                      };
                    }),
                  },
                  { guard: 'canSave', target: 'saving', actions: 'edited' },
                ],
                OPEN_HISTORY: 'history',
              },
            },
            saving: {
              description: '"Salvando..." on the button.',
              invoke: {
                id: 'saveTraining',
                src: 'saveTraining',
                input: ({ context }) => {
                  const check = checkTraining(context.draft);
                  return {
                    baseVersion: context.saved?.version ?? null,
                    content: check.ok ? check.content : context.draft,
                  };
                },
                onDone: {
                  target: 'editing',
                  actions: [
                    assign(({ event }) => ({ saved: event.output, draft: event.output.content, issues: {} })),
                    emit(({ event }) => ({ type: 'saved' as const, version: event.output })),
                  ],
                },
                onError: [
                  { guard: 'isConflict', target: 'conflict' },
                  {
                    guard: 'hasIssues',
                    target: 'editing',
                    actions: assign(({ context, event }) => ({
                      issues: issuesByPath(failureOf(event.error).issues ?? []),
                      refusals: context.refusals + 1,
                      saveFailure: failureMessage(event.error),
                    })),
                  },
                  {
                    target: 'editing',
                    actions: assign({ saveFailure: ({ event }) => failureMessage(event.error) }),
                  },
                ],
              },
            },
            conflict: {
              description: 'The conflict text above the buttons and "Recarregar".',
              on: { RELOAD: 'reloading' },
            },
            reloading: {
              description: '"Recarregando..."',
              invoke: {
                id: 'reloadTraining',
                src: 'reloadTraining',
                onDone: {
                  target: 'editing',
                  actions: assign(({ event }) => ({
                    saved: event.output,
                    draft: event.output?.content ?? EMPTY_AI_TRAINING,
                    issues: {},
                    saveFailure: null,
                  })),
                },
                onError: {
                  target: 'conflict',
                  actions: assign({ saveFailure: ({ event }) => failureMessage(event.error) }),
                },
              },
            },
            history: {
              initial: 'loading',
              entry: assign({ historyFailure: null, viewing: null }),
              on: {
                CLOSE_HISTORY: {
                  target: 'editing',
                  actions: assign({ historyFailure: null, viewing: null }),
                },
              },
              states: {
                loading: {
                  description: 'The versions are read.',
                  invoke: {
                    id: 'listVersions',
                    src: 'listVersions',
                    onDone: { target: 'list', actions: assign({ versions: ({ event }) => event.output }) },
                    onError: {
                      target: 'failed',
                      actions: assign({ historyFailure: ({ event }) => failureMessage(event.error) }),
                    },
                  },
                },
                failed: {
                  description: 'The history\'s error and "Tentar novamente".',
                  on: { RETRY: { target: 'loading', actions: assign({ historyFailure: null }) } },
                },
                list: {
                  description: 'Versions newest first, each with "Ver".',
                  on: {
                    VIEW: {
                      target: 'opening',
                      actions: assign({ viewing: null, historyFailure: null }),
                      reenter: true,
                    },
                  },
                },
                opening: {
                  description: 'The version is read.',
                  invoke: {
                    id: 'loadVersion',
                    src: 'loadVersion',
                    input: ({ event }) => ({ version: (event as { version?: number }).version ?? 0 }),
                    onDone: { target: 'viewing', actions: assign({ viewing: ({ event }) => event.output }) },
                    onError: {
                      target: 'list',
                      actions: assign({ historyFailure: ({ event }) => failureMessage(event.error) }),
                    },
                  },
                },
                viewing: {
                  description: 'The version, read-only, with "Restaurar esta versão" for a manager.',
                  on: {
                    BACK: { target: 'list', actions: assign({ viewing: null, historyFailure: null }) },
                    RESTORE: {
                      guard: 'canEdit',
                      target: 'confirming',
                      actions: assign({ historyFailure: null }),
                    },
                  },
                },
                confirming: {
                  description: 'The question "Restaurar a versão n?" with "Restaurar" and "Cancelar".',
                  on: {
                    CONFIRM: 'restoring',
                    CANCEL: { target: 'viewing', actions: assign({ historyFailure: null }) },
                  },
                },
                restoring: {
                  description: '"Restaurando..."',
                  invoke: {
                    id: 'restoreVersion',
                    src: 'restoreVersion',
                    input: ({ context }) => ({ version: context.viewing?.version ?? 0 }),
                    onDone: {
                      target: '#aiTrainingForm.ready.form.editing',
                      actions: [
                        assign(({ event }) => ({
                          saved: event.output,
                          draft: event.output.content,
                          issues: {},
                          saveFailure: null,
                          viewing: null,
                          versions: null,
                        })),
                        emit(({ event }) => ({ type: 'restored' as const, version: event.output })),
                      ],
                    },
                    onError: {
                      target: 'confirming',
                      actions: assign({ historyFailure: ({ event }) => failureMessage(event.error) }),
                    },
                  },
                },
              },
            },
          },
        },
        preview: {
          initial: 'idle',
          on: {
            EDIT_QUESTION: {
              actions: assign({ question: ({ event }) => event.question, questionIssue: null }),
            },
          },
          states: {
            idle: {
              description: 'The sample question and "Ver como a IA responde".',
              on: { ASK: { guard: 'questionTyped', target: 'asking' } },
            },
            asking: {
              description: '"Gerando prévia..."; the form stays editable.',
              invoke: {
                id: 'preview',
                src: 'preview',
                input: ({ context }) => ({
                  question: context.question,
                  training: previewTraining(context.draft),
                }),
                onDone: {
                  target: 'answered',
                  actions: assign({ answer: ({ event }) => event.output, previewFailure: null }),
                },
                onError: {
                  target: 'failed',
                  actions: assign({
                    answer: null,
                    previewFailure: ({ event }) => failureMessage(event.error),
                  }),
                },
              },
            },
            answered: {
              description: 'The answer, its sources as links, the offline notice when offline.',
              on: { ASK: { guard: 'questionTyped', target: 'asking' } },
            },
            failed: {
              description: "The preview's failure, with the form untouched.",
              on: { ASK: { guard: 'questionTyped', target: 'asking' } },
            },
          },
        },
      },
    },
  },
});

/** Adds the typed word unless it is already listed (any case); too long or too many stays with a message. */
function addWord({ context }: { context: AiTrainingFormContext }): Partial<AiTrainingFormContext> {
  const word = context.newWord.trim();
  const listed = context.draft.wordsToAvoid.some(
    (w) => w.toLocaleLowerCase('pt-BR') === word.toLocaleLowerCase('pt-BR'),
  );
  if (listed) return { newWord: '' };
  if (word.length > AI_TRAINING_AVOID_WORD_MAX)
    return { issues: { ...context.issues, newWord: tooLongWord } };
  if (context.draft.wordsToAvoid.length >= AI_TRAINING_AVOID_MAX)
    return { issues: { ...context.issues, newWord: `No máximo ${AI_TRAINING_AVOID_MAX} palavras.` } };
  return {
    newWord: '',
    draft: { ...context.draft, wordsToAvoid: [...context.draft.wordsToAvoid, word] },
    issues: withoutIssues(context.issues, (p) => p === 'newWord' || p.startsWith('wordsToAvoid')),
  };
}
