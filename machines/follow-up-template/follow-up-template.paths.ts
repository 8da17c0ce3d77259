import type { AnyEventObject, SnapshotFrom } from 'xstate';
import type { ApprovedTemplate, FollowUpTemplate } from '../../contracts/whatsapp-templates';
import { REPLY_TEMPLATE } from '../reply-box/reply-box.paths';
import {
  type FollowUpTemplateChoice,
  type FollowUpTemplateEvent,
  followUpTemplateMachine,
} from './follow-up-template.machine';

/**
 * The follow-up-template chart's path model ("Modelo para follow-ups" on the connected connection's
 * page), and per step what to do in the running app and what the owner must see
 * (`planFollowUpTemplateStep`), as data for drivers.
 */

type FollowUpTemplateSnapshot = SnapshotFrom<typeof followUpTemplateMachine>;

/** The follow-up template every account of the local Cloud API has (its seeded `lembrete_retorno`). */
export const SEEDED_TEMPLATE: ApprovedTemplate = REPLY_TEMPLATE;
/** A second template that can carry a follow-up: the browser replay adds it to the account. */
export const OTHER_TEMPLATE: ApprovedTemplate = {
  name: 'recado_do_atendimento',
  language: 'pt_BR',
  category: 'UTILITY',
  body: 'Oi! Passando para avisar: {{1}} Qualquer dúvida, responda aqui.',
  parameterCount: 1,
  followUpReady: true,
};

/**
 * What the server lists for a new account of the local Cloud API: its seeded approved templates, by
 * name, those a follow-up cannot use too (no parameter, two, a header of their own), which the view
 * leaves out. tests/server/whatsapp-templates.test.ts holds the real server to it.
 */
export const SEEDED_APPROVED_TEMPLATES: ApprovedTemplate[] = [
  {
    name: 'boas_vindas',
    language: 'pt_BR',
    category: 'MARKETING',
    body: 'Obrigado por falar com a gente! Em breve retornamos o seu contato.',
    parameterCount: 0,
    followUpReady: false,
  },
  {
    name: 'lembrete_agendamento',
    language: 'pt_BR',
    category: 'UTILITY',
    body: 'Olá! Confirmamos o seu horário: {{1}} Até lá!',
    parameterCount: 1,
    followUpReady: false,
  },
  SEEDED_TEMPLATE,
  {
    name: 'pedido_a_caminho',
    language: 'pt_BR',
    category: 'UTILITY',
    body: 'Oi, {{1}}! Seu pedido {{2}} saiu para entrega.',
    parameterCount: 2,
    followUpReady: false,
  },
];

/** What the server lists once the other template is added (it sorts last). */
export const LISTED_TEMPLATES: ApprovedTemplate[] = [...SEEDED_APPROVED_TEMPLATES, OTHER_TEMPLATE];

const choiceOf = (template: ApprovedTemplate): FollowUpTemplate => ({
  name: template.name,
  language: template.language,
});

/** How the load finds the account: the seeded template chosen. */
export const LOADED: FollowUpTemplateChoice = {
  templates: LISTED_TEMPLATES,
  chosen: choiceOf(SEEDED_TEMPLATE),
};

/** The server's words when Meta cannot be reached for the templates (503). */
export const LOAD_FAILED_TEXT =
  'Não foi possível falar com a Meta agora. Aguarde um instante e tente de novo.';
/** The server's words when Meta paused the template between the list and the choice (422). */
export const SAVE_REFUSED_TEXT = `O modelo "${OTHER_TEMPLATE.name}" foi pausado pela Meta. Só modelos aprovados podem ser enviados.`;

export const followUpTemplateTexts = {
  loading: 'Carregando modelos...',
  saving: 'Salvando...',
  retry: 'Tentar novamente',
  clear: 'Não usar modelo',
} as const;

export const templateLabel = (template: FollowUpTemplate) => `${template.name} (${template.language})`;

const same = (a: FollowUpTemplate | null, b: FollowUpTemplate | null) =>
  a?.name === b?.name && a?.language === b?.language;

const isRefusal = (event: AnyEventObject) => event.type === 'xstate.error.actor.saveChoice';

export const followUpTemplatePathModel = {
  chart: 'follow-up-template',
  title: '"Modelo para follow-ups": the template follow-ups go out with outside the 24-hour window',
  machine: followUpTemplateMachine,
  scenarios: [
    {
      name: 'connected',
      summary: "The owner opens the connected WhatsApp's page, lembrete_retorno chosen",
      input: undefined,
    },
  ] as const,

  events(snapshot: FollowUpTemplateSnapshot): FollowUpTemplateEvent[] {
    if (snapshot.matches('loadFailed')) return [{ type: 'RETRY' }];
    if (!snapshot.matches('choosing')) return [];
    // Every template a follow-up can use, the chosen one too (the chart saves nothing for it).
    const choose = snapshot.context.templates
      .filter((template) => template.followUpReady)
      .map((template): FollowUpTemplateEvent => ({ type: 'CHOOSE', template: choiceOf(template) }));
    return [...choose, { type: 'CLEAR' }];
  },

  actors: [
    { id: 'loadChoice', src: 'loadChoice', outputs: [LOADED], errors: [new Error(LOAD_FAILED_TEXT)] },
    {
      id: 'saveChoice',
      src: 'saveChoice',
      outputs: [choiceOf(SEEDED_TEMPLATE), choiceOf(OTHER_TEMPLATE), null],
      errors: [new Error(SAVE_REFUSED_TEXT)],
    },
  ],

  /**
   * The server saves what was sent (its answer is the choice asked for), and Meta pauses only the
   * other template: a refusal comes for it alone.
   */
  allows(snapshot: FollowUpTemplateSnapshot, event: AnyEventObject): boolean {
    if (event.type === 'xstate.done.actor.saveChoice') return same(event.output, snapshot.context.saving);
    if (isRefusal(event)) return same(snapshot.context.saving, choiceOf(OTHER_TEMPLATE));
    return true;
  },

  serializeState(snapshot: FollowUpTemplateSnapshot): string {
    const { context } = snapshot;
    return JSON.stringify([snapshot.value, context.chosen, context.saving, context.error]);
  },

  /** Each choice saved, cleared and refused from each starting choice: what the owner can tell apart. */
  coverageKey(snapshot: FollowUpTemplateSnapshot): string {
    const { context } = snapshot;
    return JSON.stringify([
      snapshot.value,
      context.chosen?.name ?? null,
      context.saving?.name ?? null,
      context.error !== null,
    ]);
  },

  describeState(snapshot: FollowUpTemplateSnapshot): string {
    const { context } = snapshot;
    const chosen = context.chosen ? templateLabel(context.chosen) : 'no template';
    switch (snapshot.value) {
      case 'loading':
        return 'The templates are loading';
      case 'loadFailed':
        return `The load failed: "${context.error}"`;
      case 'saving':
        return context.saving ? `Saving ${templateLabel(context.saving)}` : 'Saving "no template"';
      default:
        return context.error
          ? `Still ${chosen} chosen, the save refused: "${context.error}"`
          : `${chosen} chosen`;
    }
  },

  describeEvent(event: AnyEventObject): string {
    switch (event.type) {
      case 'CHOOSE':
        return `The owner picks ${templateLabel(event.template)}`;
      case 'CLEAR':
        return `The owner clicks "${followUpTemplateTexts.clear}"`;
      case 'RETRY':
        return `The owner clicks "${followUpTemplateTexts.retry}"`;
      case 'xstate.done.actor.loadChoice':
        return 'The server lists the approved templates and the chosen one';
      case 'xstate.error.actor.loadChoice':
        return 'Loading the templates fails (503, Meta out of reach)';
      case 'xstate.done.actor.saveChoice':
        return event.output
          ? 'The server saves the choice (PUT 200)'
          : 'The server clears the choice (DELETE 200)';
      case 'xstate.error.actor.saveChoice':
        return 'The server refuses the template (422: Meta paused it)';
      default:
        return event.type;
    }
  },
};

/** What the drivers do in the running app, as data. */
export type FollowUpTemplateUserAction =
  | { do: 'open' }
  /** Answer the pending load: the templates and the chosen one, or the templates' 503. */
  | { do: 'answer-load'; choice: FollowUpTemplateChoice }
  | { do: 'answer-load'; status: 503; error: string }
  | { do: 'pick'; option: string }
  | { do: 'click'; button: string }
  /** Answer the pending PUT (a template) or DELETE (null). */
  | { do: 'answer-save'; template: FollowUpTemplate | null; status: 200 }
  | { do: 'answer-save'; template: FollowUpTemplate; status: 422; error: string };

export interface FollowUpTemplateScreen {
  kind: 'loading' | 'loadFailed' | 'choosing' | 'saving';
  /** The templates a follow-up can use, by label, the checked one marked; none while loading. */
  options: Array<{ label: string; checked: boolean }>;
  /** The options cannot be changed (a save under way). */
  locked: boolean;
  /** "Carregando modelos..." or "Salvando...", or null. */
  status: string | null;
  error: string | null;
  /** Buttons on the card, by their words. */
  buttons: string[];
  /** The step's save reached the server: what it holds now. */
  saved: { template: FollowUpTemplate | null } | null;
}

export interface FollowUpTemplateStepPlan {
  actions: FollowUpTemplateUserAction[];
  screen: FollowUpTemplateScreen;
}

interface PlannablePath {
  steps: ReadonlyArray<{ event: AnyEventObject; state: FollowUpTemplateSnapshot }>;
}

function actionsFor(
  event: AnyEventObject,
  before: FollowUpTemplateSnapshot | undefined,
  index: number,
): FollowUpTemplateUserAction[] {
  if (index === 0) return [{ do: 'open' }];
  switch (event.type) {
    case 'xstate.done.actor.loadChoice':
      return [{ do: 'answer-load', choice: event.output as FollowUpTemplateChoice }];
    case 'xstate.error.actor.loadChoice':
      return [{ do: 'answer-load', status: 503, error: LOAD_FAILED_TEXT }];
    case 'CHOOSE':
      return [{ do: 'pick', option: templateLabel(event.template) }];
    case 'CLEAR':
      return [{ do: 'click', button: followUpTemplateTexts.clear }];
    case 'RETRY':
      return [{ do: 'click', button: followUpTemplateTexts.retry }];
    case 'xstate.done.actor.saveChoice':
      return [{ do: 'answer-save', template: event.output as FollowUpTemplate | null, status: 200 }];
    case 'xstate.error.actor.saveChoice':
      return [
        { do: 'answer-save', template: before!.context.saving!, status: 422, error: SAVE_REFUSED_TEXT },
      ];
    default:
      throw new Error(`No way to act out "${event.type}" in the app`);
  }
}

/** What to do at step `index` of a follow-up-template path, and what the owner must then see. */
export function planFollowUpTemplateStep(path: PlannablePath, index: number): FollowUpTemplateStepPlan {
  const { event, state } = path.steps[index]!;
  const { context } = state;
  const kind = String(state.value) as FollowUpTemplateScreen['kind'];
  const busy = kind === 'saving';
  // While saving, the option being saved shows checked (nothing, for "no template").
  const marked = busy ? context.saving : context.chosen;
  const listed = kind === 'choosing' || busy;
  return {
    actions: actionsFor(event, path.steps[index - 1]?.state, index),
    screen: {
      kind,
      options: listed
        ? context.templates
            .filter((template) => template.followUpReady)
            .map((template) => ({ label: templateLabel(template), checked: same(template, marked) }))
        : [],
      locked: busy,
      status: kind === 'loading' ? followUpTemplateTexts.loading : busy ? followUpTemplateTexts.saving : null,
      error: context.error,
      buttons:
        kind === 'loadFailed'
          ? [followUpTemplateTexts.retry]
          : kind === 'choosing' && context.chosen
            ? [followUpTemplateTexts.clear]
            : [],
      saved: event.type === 'xstate.done.actor.saveChoice' ? { template: context.chosen } : null,
    },
  };
}
