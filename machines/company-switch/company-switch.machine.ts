import { assign, emit, fromPromise, setup } from 'xstate';
import type { CompanyChoice } from '../../contracts/team';
import { appPaths } from '../app-paths';
import { failureMessage } from '../failure-message';
import { type NavigateEvent, navigateEvent } from '../navigate-event';

export interface CompanySwitchContext {
  companies: CompanyChoice[];
  /** The company being switched to. */
  companyId: string | null;
  /** The last call's failure, in the server's words. */
  error: string | null;
}

export type CompanySwitchEvent =
  /** "Trocar de empresa" opens the list; pressed again (or "Fechar"), it closes. */
  { type: 'OPEN' } | { type: 'CLOSE' } | { type: 'RETRY' } | { type: 'CHOOSE'; companyId: string };

/**
 * The shell's company switcher (issue 15), for a person in more than one company. `closed` →
 * `loading` (GET /api/session/companies) → `choosing` (each company with the person's role there)
 * or `failed` (RETRY). Choosing another company → `switching` (the app's actor switches, checks the
 * session again and forgets what was read for the other company) → `switched` (to /home), or back
 * to `choosing` with the server's words. Choosing the current one just closes the list.
 */
export const companySwitchMachine = setup({
  types: {
    context: {} as CompanySwitchContext,
    events: {} as CompanySwitchEvent,
    emitted: {} as NavigateEvent,
  },
  actors: {
    listCompanies: fromPromise<CompanyChoice[]>(async () => {
      throw new Error('No way to list companies was provided');
    }),
    switchCompany: fromPromise<unknown, { companyId: string }>(async () => {
      throw new Error('No way to switch companies was provided');
    }),
  },
  guards: {
    isCurrent: ({ context, event }) =>
      event.type === 'CHOOSE' && !!context.companies.find((c) => c.id === event.companyId)?.current,
    isListed: ({ context, event }) =>
      event.type === 'CHOOSE' && context.companies.some((c) => c.id === event.companyId),
  },
}).createMachine({
  id: 'companySwitch',
  context: { companies: [], companyId: null, error: null },
  initial: 'closed',
  states: {
    closed: {
      description: 'The "Trocar de empresa" button.',
      entry: assign({ error: null }),
      on: { OPEN: 'loading' },
    },
    loading: {
      description: 'The companies are read: "Carregando empresas...".',
      entry: assign({ error: null }),
      invoke: {
        id: 'listCompanies',
        src: 'listCompanies',
        onDone: { target: 'choosing', actions: assign({ companies: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
      },
      on: { CLOSE: 'closed' },
    },
    failed: {
      description: 'The list did not load: the server\'s words and "Tentar novamente".',
      on: { RETRY: 'loading', CLOSE: 'closed', OPEN: 'closed' },
    },
    choosing: {
      description: 'Each company with the role there; the current one marked.',
      on: {
        CHOOSE: [
          { guard: 'isCurrent', target: 'closed' },
          {
            guard: 'isListed',
            target: 'switching',
            actions: assign({ companyId: ({ event }) => event.companyId, error: null }),
          },
        ],
        CLOSE: 'closed',
        OPEN: 'closed',
      },
    },
    switching: {
      description: '"Trocando de empresa..." while the app switches and checks the session again.',
      invoke: {
        id: 'switchCompany',
        src: 'switchCompany',
        input: ({ context }) => ({ companyId: context.companyId ?? '' }),
        onDone: { target: 'switched', actions: emit(navigateEvent(appPaths.home)) },
        onError: {
          target: 'choosing',
          actions: assign({ error: ({ event }) => failureMessage(event.error) }),
        },
      },
    },
    switched: { type: 'final', description: 'In the other company: the app goes to /home.' },
  },
});
