import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { ROLE_LABELS } from '../../contracts/roles';
import { COMPANY_NOT_FOUND_TEXT, type CompanyChoice } from '../../contracts/team';
import type { PathScenario } from '../../tests/support/chart-paths';
import { appPaths } from '../app-paths';
import { plannedAnswer, refusal } from '../planned-answer';
import { type CompanySwitchEvent, companySwitchMachine } from './company-switch.machine';

/**
 * The company switcher's path model: Carla works at Doces da Ana and at Bolos da Bia. Per step, what
 * to do in the app and what she must see (`planCompanySwitchStep`).
 */

export type CompanySwitchSnapshot = SnapshotFrom<typeof companySwitchMachine>;

export const currentCompany: CompanyChoice = {
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Doces da Ana',
  role: 'staff',
  current: true,
};
export const otherCompany: CompanyChoice = {
  id: '00000000-0000-4000-8000-0000000000b2',
  name: 'Bolos da Bia',
  role: 'owner',
  current: false,
};
export const myCompanies = [currentCompany, otherCompany];

export const COMPANIES_BROKEN_TEXT = 'Não foi possível carregar suas empresas. Tente novamente.';
export const companySwitchFailures = {
  broken: refusal(COMPANIES_BROKEN_TEXT, 500, 'INTERNAL_ERROR'),
  notFound: refusal(COMPANY_NOT_FOUND_TEXT, 404, 'NOT_FOUND'),
};

export const companySwitchTexts = {
  open: 'Trocar de empresa',
  close: 'Fechar',
  switching: 'Trocando de empresa...',
  retry: 'Tentar novamente',
  current: 'atual',
};

/** A company's option in the list: its name and the person's role there. */
export const companyOptionLabel = (company: CompanyChoice) =>
  `${company.name} · ${ROLE_LABELS[company.role]}`;

export const companySwitchScenarios: PathScenario<undefined>[] = [
  {
    name: 'two companies',
    summary: 'Carla, in two companies, is on /home of Doces da Ana',
    input: undefined,
  },
];

export const companySwitchPathModel = {
  chart: 'company-switch',
  title: 'Switching companies from the account box: the list, a failure, the switch and its refusal',
  machine: companySwitchMachine,
  scenarios: companySwitchScenarios,

  events(snapshot: CompanySwitchSnapshot): CompanySwitchEvent[] {
    if (snapshot.matches('closed')) return [{ type: 'OPEN' }];
    if (snapshot.matches('loading')) return [{ type: 'CLOSE' }];
    if (snapshot.matches('failed')) return [{ type: 'RETRY' }, { type: 'CLOSE' }, { type: 'OPEN' }];
    if (snapshot.matches('choosing'))
      return [
        { type: 'CHOOSE', companyId: otherCompany.id },
        { type: 'CHOOSE', companyId: currentCompany.id },
        { type: 'CLOSE' },
        { type: 'OPEN' },
      ];
    return [];
  },

  actors: [
    {
      id: 'listCompanies',
      src: 'listCompanies',
      outputs: [myCompanies],
      errors: [companySwitchFailures.broken],
    },
    {
      id: 'switchCompany',
      src: 'switchCompany',
      outputs: [{ currentCompanyId: otherCompany.id, role: otherCompany.role }],
      errors: [companySwitchFailures.notFound],
    },
  ],

  serializeState(snapshot: CompanySwitchSnapshot): string {
    const { error } = snapshot.context;
    return [String(snapshot.value), ...(error ? [`says "${error}"`] : [])].join(' · ');
  },

  describeState(snapshot: CompanySwitchSnapshot): string {
    const { error } = snapshot.context;
    const words: Record<string, string> = {
      closed: `the "${companySwitchTexts.open}" button`,
      loading: 'the companies loading',
      failed: `"${error}"`,
      choosing: `both companies${error ? `, saying "${error}"` : ''}`,
      switching: `"${companySwitchTexts.switching}"`,
      switched: `/home of ${otherCompany.name}`,
    };
    return words[String(snapshot.value)] ?? String(snapshot.value);
  },

  describeEvent(event: AnyEventObject): string {
    switch (event.type) {
      case 'OPEN':
        return `Carla presses "${companySwitchTexts.open}"`;
      case 'CLOSE':
        return `Carla presses "${companySwitchTexts.close}"`;
      case 'RETRY':
        return `Carla presses "${companySwitchTexts.retry}"`;
      case 'CHOOSE':
        return `Carla chooses ${event.companyId === otherCompany.id ? otherCompany.name : `${currentCompany.name} (the current one)`}`;
      case 'xstate.done.actor.listCompanies':
        return 'The server lists her companies';
      case 'xstate.done.actor.switchCompany':
        return `The server switches her to ${otherCompany.name}`;
      default:
        return `The server answers ${(event as { error?: { status?: number } }).error?.status} to ${event.type.replace('xstate.error.actor.', '')}`;
    }
  },
};

export type CompanySwitchCall = 'listCompanies' | 'switchCompany';

export type CompanySwitchUserAction =
  | { do: 'open' }
  | { do: 'click'; button: string }
  | { do: 'answer'; call: CompanySwitchCall; status: number; body: unknown };

export interface CompanySwitchStepScreen {
  location: string;
  /** The options listed (when the list is open and loaded), the current one marked. */
  options: string[] | null;
  /** The switcher's message: loading, switching, or the server's words. */
  message: string | null;
}

type CompanySwitchPath = { steps: { event: AnyEventObject; state: CompanySwitchSnapshot }[] };

/** Step `index` of `path`: Carla's (or the server's) part, and the screen after it. */
export function planCompanySwitchStep(
  path: CompanySwitchPath,
  index: number,
): { actions: CompanySwitchUserAction[]; screen: CompanySwitchStepScreen } {
  const { event, state } = path.steps[index]!;
  const actions: CompanySwitchUserAction[] = [];
  if (event.type === 'xstate.init') actions.push({ do: 'open' });
  else if (event.type === 'OPEN') actions.push({ do: 'click', button: companySwitchTexts.open });
  else if (event.type === 'CLOSE') actions.push({ do: 'click', button: companySwitchTexts.close });
  else if (event.type === 'RETRY') actions.push({ do: 'click', button: companySwitchTexts.retry });
  else if (event.type === 'CHOOSE') {
    const company = myCompanies.find((c) => c.id === event.companyId)!;
    actions.push({ do: 'click', button: companyOptionLabel(company) });
  } else actions.push(plannedAnswer<CompanySwitchCall>(event));
  const value = String(state.value);
  const { error, companies } = state.context;
  return {
    actions,
    screen: {
      // Carla is on /home throughout; after a switch it is the other company's.
      location: appPaths.home,
      options: value === 'choosing' || value === 'switching' ? companies.map(companyOptionLabel) : null,
      message:
        value === 'loading'
          ? 'Carregando empresas...'
          : value === 'switching'
            ? companySwitchTexts.switching
            : (error ?? null),
    },
  };
}
