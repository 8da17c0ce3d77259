import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { ApprovedTemplate, FollowUpTemplate } from '../../contracts/whatsapp-templates';
import { failureMessage } from '../failure-message';

/** The approved templates and the one chosen for follow-ups (null: none yet). */
export interface FollowUpTemplateChoice {
  templates: ApprovedTemplate[];
  chosen: FollowUpTemplate | null;
}

export type FollowUpTemplateEvent =
  | { type: 'CHOOSE'; template: FollowUpTemplate }
  | { type: 'CLEAR' }
  | { type: 'RETRY' };

interface FollowUpTemplateContext extends FollowUpTemplateChoice {
  /** What is being saved: a template, or null to use none. */
  saving: FollowUpTemplate | null;
  error: string | null;
}

const same = (a: FollowUpTemplate | null, b: FollowUpTemplate | null) =>
  a?.name === b?.name && a?.language === b?.language;

/**
 * "Modelo para follow-ups" on the connected connection's page: the approved templates that can carry
 * a follow-up, the chosen one marked. Choosing another (or none) saves at once; a refusal says the
 * server's words and leaves the choice as it was.
 */
export const followUpTemplateMachine = setup({
  types: {
    context: {} as FollowUpTemplateContext,
    events: {} as FollowUpTemplateEvent,
  },
  actors: {
    loadChoice: fromPromise<FollowUpTemplateChoice>(async () => {
      throw new Error('Nothing to load from');
    }),
    saveChoice: fromPromise<FollowUpTemplate | null, FollowUpTemplate | null>(async () => {
      throw new Error('Nowhere to save to');
    }),
  },
  guards: {
    changes: ({ context, event }) =>
      event.type === 'CHOOSE' ? !same(context.chosen, event.template) : context.chosen !== null,
  },
}).createMachine({
  id: 'followUpTemplate',
  initial: 'loading',
  context: { templates: [], chosen: null, saving: null, error: null },
  states: {
    loading: {
      invoke: {
        id: 'loadChoice',
        src: 'loadChoice',
        onDone: {
          target: 'choosing',
          actions: assign(({ event }) => ({ ...event.output, error: null })),
        },
        onError: {
          target: 'loadFailed',
          actions: assign({ error: ({ event }) => failureMessage(event.error) }),
        },
      },
    },
    loadFailed: {
      on: { RETRY: { target: 'loading', actions: assign({ error: null }) } },
    },
    choosing: {
      on: {
        CHOOSE: {
          guard: 'changes',
          target: 'saving',
          actions: assign({ saving: ({ event }) => event.template, error: null }),
        },
        CLEAR: { guard: 'changes', target: 'saving', actions: assign({ saving: null, error: null }) },
      },
    },
    saving: {
      invoke: {
        id: 'saveChoice',
        src: 'saveChoice',
        input: ({ context }) => context.saving,
        onDone: { target: 'choosing', actions: assign({ chosen: ({ event }) => event.output }) },
        onError: {
          target: 'choosing',
          actions: assign({ error: ({ event }) => failureMessage(event.error) }),
        },
      },
    },
  },
});

export type FollowUpTemplateActor = ActorRefFrom<typeof followUpTemplateMachine>;
