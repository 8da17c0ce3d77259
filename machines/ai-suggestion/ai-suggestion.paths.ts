import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { AI_SUGGESTION_ALREADY_DECIDED_TEXT } from '../../contracts/ai-suggestions';
import type { PathScenario } from '../../tests/support/chart-paths';
import { type AiSuggestionEvent, aiSuggestionMachine } from './ai-suggestion.machine';
import { AI_SUGGESTION_TEXTS } from './ai-suggestion.texts';

/**
 * The suggestion card's path model, replayed on /home: one pending suggestion of the watcher
 * ("Responder orçamento — Mariana Souza"), accepted or dismissed, and the 409 of a suggestion
 * already decided elsewhere. Per step, what to do and what the owner must see
 * (`planAiSuggestionStep`).
 */

export type AiSuggestionSnapshot = SnapshotFrom<typeof aiSuggestionMachine>;

export const SUGGESTION_REASON = 'O cliente pediu o orçamento para amanhã às 10h.';
export const SUGGESTION_TITLE = 'Responder orçamento — Mariana Souza';

export const aiSuggestionScenarios: PathScenario<undefined>[] = [
  {
    name: 'home',
    summary: `The owner opens /home with one suggestion ("${SUGGESTION_TITLE}")`,
    input: undefined,
  },
];

/** The server's 409, as the app's actors reject (ApiError's shape). */
export const alreadyDecided = Object.assign(new Error(AI_SUGGESTION_ALREADY_DECIDED_TEXT), { status: 409 });

export const aiSuggestionPathModel = {
  chart: 'ai-suggestion',
  title: "A watcher's suggestion on home: accept, dismiss, and one decided elsewhere",
  machine: aiSuggestionMachine,
  scenarios: aiSuggestionScenarios,

  events(snapshot: AiSuggestionSnapshot): AiSuggestionEvent[] {
    if (snapshot.matches('idle') || snapshot.matches('failed'))
      return [{ type: 'ACCEPT' }, { type: 'DISMISS' }];
    return [];
  },

  actors: [
    { id: 'accept', src: 'accept', outputs: [{ accepted: true }], errors: [alreadyDecided] },
    { id: 'dismiss', src: 'dismiss', outputs: [{ dismissed: true }], errors: [alreadyDecided] },
  ],

  serializeState(snapshot: AiSuggestionSnapshot): string {
    const { error, outcome } = snapshot.context;
    return [
      String(snapshot.value),
      ...(outcome ? [outcome] : []),
      ...(error ? [`says "${error}"`] : []),
    ].join(' · ');
  },

  describeState(snapshot: AiSuggestionSnapshot): string {
    const { error, outcome } = snapshot.context;
    switch (String(snapshot.value)) {
      case 'idle':
        return 'the card with its reason, "Aceitar" and "Dispensar"';
      case 'accepting':
        return 'accepting ("Aceitando...")';
      case 'dismissing':
        return 'dismissing ("Dispensando...")';
      case 'failed':
        return `the card again, saying "${error}"`;
      default:
        return outcome === 'accepted' ? 'accepted: "Sugestão aceita."' : 'dismissed: "Sugestão dispensada."';
    }
  },

  describeEvent(event: AnyEventObject): string {
    switch (event.type) {
      case 'ACCEPT':
        return 'The owner presses "Aceitar"';
      case 'DISMISS':
        return 'The owner presses "Dispensar"';
      case 'xstate.done.actor.accept':
        return 'The server makes the task';
      case 'xstate.done.actor.dismiss':
        return 'The server dismisses it';
      default:
        return `The server answers ${(event as { error?: { status?: number } }).error?.status}`;
    }
  },
};

/** What the drivers do in the running app, as data. */
export type AiSuggestionUserAction =
  | { do: 'open' }
  | { do: 'click'; button: string }
  /** The decision call's answer: the server's (`200`), or its 409. */
  | { do: 'answer'; call: 'accept' | 'dismiss'; status: 200 | 409 };

/** What the owner must see on the card after a step. */
export interface AiSuggestionStepScreen {
  reason: string;
  /** The two buttons' labels and whether they can be pressed. */
  buttons: { label: string; disabled: boolean }[];
  error: string | null;
  /** The line that replaces the buttons once decided. */
  decided: string | null;
}

export interface AiSuggestionStepPlan {
  actions: AiSuggestionUserAction[];
  screen: AiSuggestionStepScreen;
}

type AiSuggestionPath = { steps: { event: AnyEventObject; state: AiSuggestionSnapshot }[] };

export function planAiSuggestionStep(path: AiSuggestionPath, index: number): AiSuggestionStepPlan {
  const step = path.steps[index]!;
  const t = AI_SUGGESTION_TEXTS;
  const actions: AiSuggestionUserAction[] = [];
  switch (step.event.type) {
    case 'xstate.init':
      actions.push({ do: 'open' });
      break;
    case 'ACCEPT':
      actions.push({ do: 'click', button: t.accept });
      break;
    case 'DISMISS':
      actions.push({ do: 'click', button: t.dismiss });
      break;
    case 'xstate.done.actor.accept':
      actions.push({ do: 'answer', call: 'accept', status: 200 });
      break;
    case 'xstate.done.actor.dismiss':
      actions.push({ do: 'answer', call: 'dismiss', status: 200 });
      break;
    default:
      actions.push({
        do: 'answer',
        call: step.event.type === 'xstate.error.actor.accept' ? 'accept' : 'dismiss',
        status: 409,
      });
  }
  const value = String(step.state.value);
  const { outcome, error } = step.state.context;
  const busy = value === 'accepting' || value === 'dismissing';
  return {
    actions,
    screen: {
      reason: SUGGESTION_REASON,
      buttons:
        value === 'done'
          ? []
          : [
              { label: value === 'accepting' ? t.accepting : t.accept, disabled: busy },
              { label: value === 'dismissing' ? t.dismissing : t.dismiss, disabled: busy },
            ],
      error: value === 'failed' ? error : null,
      decided: value === 'done' ? (outcome === 'accepted' ? t.accepted : t.dismissed) : null,
    },
  };
}
