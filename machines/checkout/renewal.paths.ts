import type { AnyEventObject, SnapshotFrom } from 'xstate';
import type { PaidSubscription } from '../../contracts/billing';
import { yearlyPlan } from './checkout.paths';
import { type RenewalEvent, type RenewalInput, renewalMachine } from './renewal.machine';

/**
 * The renewal chart's path model (the subscription summary of /settings), and per step what to do
 * in the running app and what the user must see (`planRenewalStep`), as data for the drivers.
 */

export type RenewalSnapshot = SnapshotFrom<typeof renewalMachine>;

export interface RenewalScenario {
  name: string;
  summary: string;
  input: RenewalInput;
}

export const PERIOD_END = '2031-01-15T12:00:00.000Z';

/** A paid yearly subscription as /settings reads it: renewing, unless `overrides` say otherwise. */
export function paidSubscription(overrides: Partial<PaidSubscription> = {}): PaidSubscription {
  const cancels = overrides.cancelAtPeriodEnd === true;
  return {
    status: 'active',
    plan: yearlyPlan,
    currentPeriodEnd: PERIOD_END,
    nextChargeAt: cancels ? null : PERIOD_END,
    nextChargeCents: cancels ? null : yearlyPlan.priceCents,
    cancelAtPeriodEnd: false,
    ...overrides,
  };
}

export const renewalScenarios: RenewalScenario[] = [
  {
    name: 'renewing',
    summary: 'The owner of a renewing yearly subscription opens /settings',
    input: { cancelAtPeriodEnd: false },
  },
  {
    name: 'cancelling',
    summary: 'The owner of a yearly subscription set to end with the period opens /settings',
    input: { cancelAtPeriodEnd: true },
  },
];

export const SAVE_FAILED_TEXT = 'Não foi possível salvar agora. Tente de novo.';
const saveFailed = new Error(SAVE_FAILED_TEXT);

function describeChoice(cancelAtPeriodEnd: boolean): string {
  return cancelAtPeriodEnd ? 'ends with the period' : 'renews';
}

export const renewalPathModel = {
  chart: 'renewal',
  title: '/settings: the subscription renews, or ends with the period',
  machine: renewalMachine,
  scenarios: renewalScenarios,

  events(snapshot: RenewalSnapshot): RenewalEvent[] {
    if (snapshot.matches('idle')) return [{ type: 'CHANGE' }];
    if (snapshot.matches('confirming')) return [{ type: 'CONFIRM' }, { type: 'BACK' }];
    return [];
  },

  actors: [
    {
      id: 'saveRenewal',
      src: 'saveRenewal',
      // What it answers is the saved subscription; the drivers build it from the path's next state.
      outputs: [{ subscription: null }],
      errors: [saveFailed],
    },
  ],

  serializeState(snapshot: RenewalSnapshot): string {
    const { cancelAtPeriodEnd, error } = snapshot.context;
    return [String(snapshot.value), describeChoice(cancelAtPeriodEnd), error && 'error']
      .filter(Boolean)
      .join(' · ');
  },

  describeState(snapshot: RenewalSnapshot): string {
    const { cancelAtPeriodEnd, error } = snapshot.context;
    switch (snapshot.value) {
      case 'idle':
        return `the subscription ${describeChoice(cancelAtPeriodEnd)}`;
      case 'confirming':
        return `asks to confirm ${cancelAtPeriodEnd ? 'renewing again' : 'ending with the period'}${error ? ', with why the save failed' : ''}`;
      default:
        return `saves: the subscription ${describeChoice(!cancelAtPeriodEnd)}`;
    }
  },

  describeEvent(event: AnyEventObject, before: RenewalSnapshot): string {
    switch (event.type) {
      case 'CHANGE':
        return before.context.cancelAtPeriodEnd
          ? 'The user clicks "Manter assinatura"'
          : 'The user clicks "Cancelar renovação"';
      case 'CONFIRM':
        return before.context.error ? 'The user clicks "Tentar novamente"' : 'The user confirms';
      case 'BACK':
        return 'The user clicks "Voltar"';
      case 'xstate.done.actor.saveRenewal':
        return 'The server saves it';
      case 'xstate.error.actor.saveRenewal':
        return 'Saving fails (500)';
      default:
        return event.type;
    }
  },
};

export const CANCEL_LABEL = 'Cancelar renovação';
export const KEEP_LABEL = 'Manter assinatura';
export const CONFIRM_CANCEL_LABEL = 'Sim, cancelar renovação';
export const RETRY_LABEL = 'Tentar novamente';
export const BACK_LABEL = 'Voltar';

/** What the drivers do in the running app, as data. */
export type RenewalUserAction =
  /** Open /settings with the subscription `subscription`. */
  | { do: 'open'; subscription: PaidSubscription }
  | { do: 'click'; button: string }
  /** Answer the pending PUT, which must ask for `cancelAtPeriodEnd`. */
  | { do: 'answer-save'; cancelAtPeriodEnd: boolean; status: number; body: unknown };

export type RenewalScreen =
  | { shows: 'summary'; cancelAtPeriodEnd: boolean; button: string }
  | { shows: 'confirm'; confirmButton: string; error: string | null }
  | { shows: 'saving' };

export interface RenewalStepPlan {
  actions: RenewalUserAction[];
  screen: RenewalScreen;
}

interface PlannablePath {
  scenario: { input: RenewalInput };
  steps: ReadonlyArray<{ event: AnyEventObject; state: RenewalSnapshot }>;
}

function actionsFor(path: PlannablePath, index: number): RenewalUserAction[] {
  const { event, state } = path.steps[index]!;
  if (index === 0)
    return [
      { do: 'open', subscription: paidSubscription({ cancelAtPeriodEnd: state.context.cancelAtPeriodEnd }) },
    ];
  const before = path.steps[index - 1]!.state;
  const asked = !before.context.cancelAtPeriodEnd;
  switch (event.type) {
    case 'CHANGE':
      return [{ do: 'click', button: before.context.cancelAtPeriodEnd ? KEEP_LABEL : CANCEL_LABEL }];
    case 'CONFIRM':
      return [{ do: 'click', button: before.context.error ? RETRY_LABEL : CONFIRM_CANCEL_LABEL }];
    case 'BACK':
      return [{ do: 'click', button: BACK_LABEL }];
    case 'xstate.done.actor.saveRenewal':
      return [
        {
          do: 'answer-save',
          cancelAtPeriodEnd: asked,
          status: 200,
          body: { success: true, data: { subscription: paidSubscription({ cancelAtPeriodEnd: asked }) } },
        },
      ];
    case 'xstate.error.actor.saveRenewal':
      return [
        {
          do: 'answer-save',
          cancelAtPeriodEnd: asked,
          status: 500,
          body: { success: false, error: SAVE_FAILED_TEXT, code: 'INTERNAL_ERROR' },
        },
      ];
    default:
      throw new Error(`No way to act out "${event.type}" in the app`);
  }
}

function screenOf(snapshot: RenewalSnapshot): RenewalScreen {
  const { cancelAtPeriodEnd, error } = snapshot.context;
  switch (snapshot.value) {
    case 'idle':
      return { shows: 'summary', cancelAtPeriodEnd, button: cancelAtPeriodEnd ? KEEP_LABEL : CANCEL_LABEL };
    case 'confirming':
      // Only cancelling is asked about; renewing again comes here only when its save failed.
      return { shows: 'confirm', confirmButton: error ? RETRY_LABEL : CONFIRM_CANCEL_LABEL, error };
    default:
      return { shows: 'saving' };
  }
}

/** What to do at step `index` of a renewal path, and what the user must then see. */
export function planRenewalStep(path: PlannablePath, index: number): RenewalStepPlan {
  return { actions: actionsFor(path, index), screen: screenOf(path.steps[index]!.state) };
}
