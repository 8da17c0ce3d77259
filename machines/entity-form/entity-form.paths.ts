import type { AnyEventObject, SnapshotFrom } from 'xstate';
import type { Issue } from '../../contracts/envelope';
import { SERVICE_NAME_REQUIRED_TEXT, SERVICE_NAME_TAKEN_TEXT } from '../../contracts/services';
import type { PathScenario } from '../../tests/support/chart-paths';
import { type EntityFormEvent, type EntityFormInput, entityFormMachine } from './entity-form.machine';

/**
 * The entity-form chart's path model, replayed on two concrete screens: "Novo serviço" (a form
 * that leaves once saved, and whose name can be taken: the 409) and "Sobre a empresa" (a form that
 * stays, to edit and save again). Per step, what to do in the app and what the person must see
 * (`planEntityFormStep`).
 */

export type EntityFormSnapshot = SnapshotFrom<typeof entityFormMachine>;

export const ENTITY_FORM_ID = 'entity-form';
export const SERVICE_NAME = 'Bolo de pote';
export const COMPANY_NAME = 'Doces da Ana';

/** The name is the field every path edits; both screens label it "Nome…" and require it. */
interface Screen {
  /** Where the form is. */
  url: string;
  /** The name field's label. */
  nameLabel: string;
  /** The submit button at rest. */
  submitLabel: string;
  /** What the name field says when it is left blank. */
  nameRequired: string;
  /** Where the app goes once saved (none: the form stays). */
  doneTo?: string;
  /** The toast once saved. */
  savedText: string;
  /** The save call, as the browser sees it. */
  saveCall: SaveCall;
  /** What the owner fills in once the form is open, so it holds the scenario's values. */
  opening: EntityFormUserAction[];
}

export interface SaveCall {
  method: 'POST' | 'PUT';
  path: string;
}

export interface EntityFormScenario extends PathScenario<EntityFormInput> {
  screen: Screen;
}

export const serviceScreen: Screen = {
  url: '/settings/services/new',
  nameLabel: 'Nome',
  submitLabel: 'Criar serviço',
  nameRequired: SERVICE_NAME_REQUIRED_TEXT,
  doneTo: '/settings/services',
  savedText: 'Serviço criado.',
  saveCall: { method: 'POST', path: '/api/settings/services' },
  // A new service starts empty; its price is required.
  opening: [
    { do: 'fill', label: 'Nome', text: SERVICE_NAME },
    { do: 'type', label: 'Preço', text: '2500' },
  ],
};

export const COMPANY_NAME_REQUIRED = 'Informe o nome da empresa.';

export const companyScreen: Screen = {
  url: '/settings/company-info',
  nameLabel: 'Nome da empresa',
  submitLabel: 'Salvar',
  nameRequired: COMPANY_NAME_REQUIRED,
  savedText: 'Dados da empresa salvos.',
  saveCall: { method: 'PUT', path: '/api/settings/company' },
  // The company's name is whatever it was: the paths start from theirs.
  opening: [{ do: 'fill', label: 'Nome da empresa', text: COMPANY_NAME }],
};

/** The paths' own check: the name is required (the screens' contracts check more, never on these paths). */
const requireName =
  (text: string) =>
  (values: Record<string, unknown>): ReturnType<EntityFormInput['check']> =>
    String(values.name ?? '').trim() === ''
      ? { ok: false, issues: { name: text } }
      : { ok: true, body: { name: values.name } };

export const entityFormScenarios: EntityFormScenario[] = [
  {
    name: 'leaves',
    summary: 'The owner opens "Novo serviço" (a form that goes back to the list once saved)',
    screen: serviceScreen,
    input: {
      values: { name: SERVICE_NAME },
      formId: ENTITY_FORM_ID,
      fields: ['name', 'description', 'priceCents', 'durationMinutes'],
      check: requireName(SERVICE_NAME_REQUIRED_TEXT),
      conflictField: 'name',
      doneTo: serviceScreen.doneTo,
    },
  },
  {
    name: 'stays',
    summary: 'The owner opens "Sobre a empresa" (a form that stays, to save again)',
    screen: companyScreen,
    input: {
      values: { name: COMPANY_NAME },
      formId: ENTITY_FORM_ID,
      fields: ['name', 'businessName', 'documentNumber', 'email', 'city', 'state', 'description'],
      check: requireName(COMPANY_NAME_REQUIRED),
    },
  },
];

/** Server answers, as the app's actors reject (ApiError's shape). */
export const SERVER_NAME_ISSUE = 'Use outro nome.';
export const saveRefused = Object.assign(new Error('Confira os campos destacados.'), {
  status: 400,
  issues: [{ path: 'name', message: SERVER_NAME_ISSUE }] as Issue[],
});
export const saveConflict = Object.assign(new Error(SERVICE_NAME_TAKEN_TEXT), { status: 409 });
export const SAVE_BROKEN_TEXT = 'Não foi possível salvar agora. Tente novamente.';
export const saveBroken = Object.assign(new Error(SAVE_BROKEN_TEXT), { status: 500 });
export const savedRecord = { id: 'saved-1', name: SERVICE_NAME };

const scenarioOf = (snapshot: EntityFormSnapshot) => (snapshot.context.doneTo ? 'leaves' : 'stays');

function words(snapshot: EntityFormSnapshot): string[] {
  const { issues, message } = snapshot.context;
  return [
    ...Object.entries(issues).map(([field, text]) => `beside ${field}: "${text}"`),
    ...(message ? [`says "${message}"`] : []),
  ];
}

export const entityFormPathModel = {
  chart: 'entity-form',
  title: 'A form that saves one record (deal, service, customer, company): check, save, and every answer',
  machine: entityFormMachine,
  scenarios: entityFormScenarios,

  events(snapshot: EntityFormSnapshot): EntityFormEvent[] {
    if (snapshot.matches('saving') || snapshot.matches('leaving')) return [];
    const name = String(snapshot.context.values.name ?? '');
    const original = scenarioOf(snapshot) === 'leaves' ? SERVICE_NAME : COMPANY_NAME;
    return [
      { type: 'EDIT', values: { name: name === '' ? original : '' } },
      ...(name === original ? [{ type: 'EDIT' as const, values: { name: `${original} 2` } }] : []),
      { type: 'SUBMIT' },
    ];
  },

  actors: [
    { id: 'save', src: 'save', outputs: [savedRecord], errors: [saveRefused, saveConflict, saveBroken] },
  ],

  /** Only a form with a field that can be taken (the service's name) ever gets a 409. */
  allows(snapshot: EntityFormSnapshot, event: AnyEventObject): boolean {
    const status = (event as { error?: { status?: number } }).error?.status;
    return status !== 409 || snapshot.context.conflictField !== null;
  },

  serializeState(snapshot: EntityFormSnapshot): string {
    const { values, submission } = snapshot.context;
    return [
      scenarioOf(snapshot),
      String(snapshot.value),
      `name "${String(values.name)}"`,
      ...words(snapshot),
      submission
        ? submission.settled
          ? 'last save went through'
          : `unsettled ${submission.payload}`
        : undefined,
    ]
      .filter(Boolean)
      .join(' · ');
  },

  coverageKey(snapshot: EntityFormSnapshot): string {
    return [scenarioOf(snapshot), String(snapshot.value), ...words(snapshot)].join(' · ');
  },

  describeState(snapshot: EntityFormSnapshot): string {
    const said = words(snapshot);
    const says = said.length > 0 ? `, ${said.join(', ')}` : '';
    switch (String(snapshot.value)) {
      case 'saving':
        return 'saving ("Salvando...")';
      case 'leaving':
        return `saved: back to ${snapshot.context.doneTo}`;
      case 'saved':
        return 'saved: the form stays, with the saved values';
      default:
        return `${String(snapshot.value)}: the form, name "${String(snapshot.context.values.name)}"${says}`;
    }
  },

  describeEvent(event: AnyEventObject): string {
    const e = event as EntityFormEvent;
    switch (e.type) {
      case 'EDIT':
        return e.values.name === ''
          ? 'The owner clears the name'
          : `The owner types the name "${e.values.name}"`;
      case 'SUBMIT':
        return 'The owner presses the submit button';
      default: {
        if (event.type === 'xstate.done.actor.save') return 'The server saves it';
        const status = (event as { error?: { status?: number } }).error?.status;
        return `The server answers ${status}`;
      }
    }
  },
};

/** What the drivers do in the running app, as data. */
export type EntityFormUserAction =
  | { do: 'open'; url: string }
  /** Replaces a field's text. */
  | { do: 'fill'; label: string; text: string }
  /** Types into a field key by key (a masked field: the price). */
  | { do: 'type'; label: string; text: string }
  | { do: 'click'; button: string }
  /**
   * The save call's answer to `call` sending the name `name`: the server saves it (200), or refuses
   * (400 with field issues), finds the name taken (409) or breaks (500), with `body` its envelope.
   */
  | { do: 'answer'; call: SaveCall; name: string; status: 200 | 400 | 409 | 500; body?: unknown };

/** What the person must see after a step. */
export interface EntityFormScreen {
  /** The address (path), when it matters. */
  location: string;
  /** The name field's value. */
  name: string;
  /** The text beside the name field, or null. */
  nameError: string | null;
  /** The text above the buttons, or null. */
  message: string | null;
  /** The submit button's label. */
  button: string;
  /** A toast that must be on screen. */
  toast: string | null;
}

export interface EntityFormStepPlan {
  actions: EntityFormUserAction[];
  screen: EntityFormScreen;
}

const errorCodes = { 400: 'VALIDATION_ERROR', 409: 'CONFLICT', 500: 'INTERNAL_ERROR' } as const;

function answerOf(event: AnyEventObject, call: SaveCall, name: string): EntityFormUserAction | null {
  if (event.type === 'xstate.done.actor.save') return { do: 'answer', call, name, status: 200 };
  if (event.type !== 'xstate.error.actor.save') return null;
  const error = (
    event as unknown as { error: { status: 400 | 409 | 500; message: string; issues?: Issue[] } }
  ).error;
  return {
    do: 'answer',
    call,
    name,
    status: error.status,
    body: { success: false, error: error.message, code: errorCodes[error.status], issues: error.issues },
  };
}

type EntityFormPath = {
  scenario: PathScenario<EntityFormInput>;
  steps: { event: AnyEventObject; state: EntityFormSnapshot }[];
};

/** Step `index` of `path`: the user's (or the server's) part, and the screen after it. */
export function planEntityFormStep(path: EntityFormPath, index: number): EntityFormStepPlan {
  const scenario = path.scenario as EntityFormScenario;
  const { screen } = scenario;
  const step = path.steps[index]!;
  const state = step.state;
  const actions: EntityFormUserAction[] = [];
  if (index === 0) actions.push({ do: 'open', url: screen.url }, ...screen.opening);
  else if (step.event.type === 'EDIT')
    actions.push({
      do: 'fill',
      label: screen.nameLabel,
      text: String((step.event as unknown as { values: { name: string } }).values.name),
    });
  else if (step.event.type === 'SUBMIT') actions.push({ do: 'click', button: screen.submitLabel });
  else {
    // What the save sent: the name as it was when the form was submitted.
    const sent = String(path.steps[index - 1]!.state.context.values.name);
    const answer = answerOf(step.event, screen.saveCall, sent);
    if (answer) actions.push(answer);
  }
  const value = String(state.value);
  const leaving = value === 'leaving';
  return {
    actions,
    screen: {
      location: leaving ? screen.doneTo! : screen.url,
      name: String(state.context.values.name),
      nameError: state.context.issues.name ?? null,
      message: state.context.message,
      button: value === 'saving' ? 'Salvando...' : screen.submitLabel,
      toast: value === 'saved' || leaving ? screen.savedText : null,
    },
  };
}
