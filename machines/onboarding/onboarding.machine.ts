import {
  type ActorRefFrom,
  assign,
  emit,
  enqueueActions,
  fromPromise,
  type SnapshotFrom,
  setup,
} from 'xstate';
import type {
  CompanyDetails,
  FreeTrial,
  OnboardingStatus,
  OnboardingStep,
  PhoneVerificationSent,
} from '../../contracts/onboarding';
import { type NavigateEvent, navigateEvent } from '../navigate-event';
import { type CallFailure, callFailureOf } from '../phone-verification/call-failure';
import {
  type PhoneVerificationActor,
  type PhoneVerificationOutput,
  phoneVerificationMachine,
} from '../phone-verification/phone-verification.machine';
import { AFTER_ONBOARDING_PATH, LOGOUT_PATH, STEP_PAGES_ELSEWHERE_PATH, stepPage } from './onboarding-pages';
import {
  codeSentTo,
  currentStepPage,
  isReachable,
  mobileWithCountryCode,
  phoneToVerify,
  type StepRequest,
  statusAfterCodeSent,
  verifiedNumber,
} from './onboarding-reach';

/**
 * Onboarding (spec §2, §3, §4, §5, §8): user name → company → phone → phone verification → trial
 * → complete, from the server's status; someone who joined a company by invitation goes from their
 * name to their phone, and their verified code completes sign-up (issue 15). The URL asks for a step (VISIT); the chart decides which
 * step shows and emits where the address goes (`navigate`): the step asked for when reachable, else
 * the current step's page (`arrival` `redirected`), the address replaced either way. A successful
 * submit moves on to the next step, reachable by then (`advanced`, a new history entry, so Back
 * returns). "Voltar" goes back a step (`returned`, a new entry too): the company's name, say, can be
 * corrected and saved again. "Sair" ends onboarding for /logout from any step, so someone signed in
 * with the wrong account can switch.
 * The trial ends with the session refreshed, so the signed-in area's guards see the finished sign-up.
 *
 * Side effects are named actors and actions with harmless defaults; the app provides the real ones.
 * Texts for the user live in the views.
 */

export interface OnboardingInput {
  /** What the address asked for when the page opened. */
  request: StepRequest;
  /** The session's word (spec §2): false sends the user out at once. */
  needsOnboarding: boolean;
  /** The signed-in user's id; the code send needs it (spec §5). */
  userId: string | null;
}

export type Arrival =
  /** The step asked for is shown. */
  | 'visited'
  /** Something else was asked for: the current step's page is shown instead. */
  | 'redirected'
  /** A submit succeeded and the chart moved on by itself. */
  | 'advanced'
  /** The user went back a step ("Voltar"). */
  | 'returned';

export interface OnboardingContext {
  /** The address the chart last heard of; null once it moved on by itself. */
  request: StepRequest | null;
  needsOnboarding: boolean;
  userId: string | null;
  status: OnboardingStatus | null;
  /** The step on screen. */
  step: OnboardingStep | null;
  arrival: Arrival;
  /** The number being verified (digits with 55). */
  phoneNumber: string | null;
  /** The last code sent from this page, from the phone step or resent (its times start the resend cooldown). */
  sent: PhoneVerificationSent | null;
  /** Why the current step's last call failed. */
  failure: CallFailure | null;
  /** The free trial's offer, once asked for. */
  trial: FreeTrial | null;
  /** The prefilled-name event went out (once per visit to onboarding). */
  namePrefillTracked: boolean;
}

export type OnboardingEvent =
  | ({ type: 'VISIT' } & StepRequest)
  | { type: 'SUBMIT_NAME'; name: string }
  | { type: 'SUBMIT_COMPANY'; company: CompanyDetails }
  /** Digits with 55. */
  | { type: 'SUBMIT_PHONE'; phoneNumber: string }
  | { type: 'START_TRIAL' }
  | { type: 'RETRY' }
  /** "Voltar": the step before this one. */
  | { type: 'BACK' }
  /** "Sair": leave for /logout. */
  | { type: 'SIGN_OUT' };

export interface SendFirstCodeInput {
  phoneNumber: string;
  userId: string;
  isResend: false;
}

/** What the routing guards read: taken from a VISIT or from the context, whichever applies. */
interface RouteParams {
  step: OnboardingStep;
  request: StepRequest | null;
  status: OnboardingStatus | null;
  sentTo: string | null;
}

const steps = ['userName', 'companyDetails', 'phone', 'verifyPhone', 'trial'] as const;

function visitOf(event: { type: string }): StepRequest | null {
  if (event.type !== 'VISIT') return null;
  const visit = event as Extract<OnboardingEvent, { type: 'VISIT' }>;
  return { step: visit.step, phone: visit.phone };
}

function eventOf<T extends OnboardingEvent['type']>(
  event: { type: string },
  type: T,
): Extract<OnboardingEvent, { type: T }> {
  if (event.type !== type) throw new Error(`Expected ${type}, got ${event.type}`);
  return event as Extract<OnboardingEvent, { type: T }>;
}

const onboardingSetup = setup({
  types: {
    context: {} as OnboardingContext,
    events: {} as OnboardingEvent,
    input: {} as OnboardingInput,
    emitted: {} as NavigateEvent,
  },
  actors: {
    loadStatus: fromPromise<OnboardingStatus>(async () => {
      throw new Error('No way to load the onboarding status was provided');
    }),
    saveUserName: fromPromise<OnboardingStatus, { name: string }>(async () => {
      throw new Error('No way to save the name was provided');
    }),
    saveCompany: fromPromise<OnboardingStatus, CompanyDetails>(async () => {
      throw new Error('No way to save the company was provided');
    }),
    sendCode: fromPromise<PhoneVerificationSent, SendFirstCodeInput>(async () => {
      throw new Error('No way to send a code was provided');
    }),
    /** The code step; the app provides it with onboarding's verify and resend calls. */
    phoneVerification: phoneVerificationMachine,
    loadFreeTrial: fromPromise<FreeTrial>(async () => {
      throw new Error('No way to load the free trial was provided');
    }),
    startFreeTrial: fromPromise<FreeTrial>(async () => {
      throw new Error('No way to start the free trial was provided');
    }),
    /** Has the session checked again and waits for its verdict (the trial ends onboarding). */
    refreshSession: fromPromise<void>(async () => {}),
  },
  guards: {
    notNeededBySession: ({ context }) => !context.needsOnboarding,
    signupComplete: (_, params: { status: OnboardingStatus | null }) =>
      params.status?.isSignupComplete === true,
    /** The person joined their company by invitation (issue 15): no company step, no trial. */
    joinedByInvitation: (_, params: { status: OnboardingStatus | null }) =>
      params.status?.joinedByInvitation === true,
    lacksUser: ({ context }) => !context.userId,
    /** The address asks for the step already on screen (for verify-phone: the same number). */
    showsRequested: ({ context, event }) => {
      const visit = visitOf(event);
      if (!visit || visit.step === null || visit.step !== context.step) return false;
      if (visit.step !== 'verifyPhone' || visit.phone === null) return true;
      return mobileWithCountryCode(visit.phone) === context.phoneNumber;
    },
    canShow: (_, p: RouteParams) =>
      p.status !== null && p.request?.step === p.step && isReachable(p.step, p.status, p.request, p.sentTo),
    isCurrentPage: (_, p: RouteParams) =>
      p.status !== null && currentStepPage(p.status, p.request, p.sentTo) === p.step,
    /**
     * The address asks for a step the user may not open, and the page it redirects to is the one
     * on screen (for verify-phone: the same number): the step stays as it is, a call under way
     * included, instead of starting over.
     */
    redirectsToShown: ({ context, event }) => {
      const visit = visitOf(event);
      const { status, step } = context;
      if (!visit || status === null || step === null) return false;
      const sentTo = context.sent?.phoneNumber ?? null;
      if (visit.step !== null && isReachable(visit.step, status, visit, sentTo)) return false;
      if (currentStepPage(status, visit, sentTo) !== step) return false;
      return step !== 'verifyPhone' || phoneToVerify(visit, status, sentTo) === context.phoneNumber;
    },
    wantsOtherNumber: (_, params: { output: PhoneVerificationOutput }) =>
      params.output.kind === 'changeNumber',
    /** The number sent is the one already verified (the user came back from the trial): no code needed. */
    verifiedAlready: ({ context }, params: { phoneNumber: string }) =>
      verifiedNumber(context.status) === params.phoneNumber,
  },
  actions: {
    /**
     * Spec §4: "sign-up started" on entering onboarding (the app keeps it to once per user per
     * session, in session storage; it reads the user from the context).
     */
    trackSignupStarted: () => {},
    /** Spec §4: the automatic event when the name form comes prefilled. */
    trackNamePrefilled: (_, _params: { name: string }) => {},
    /** The company changes the session (hasCompany): the app has it checked again. */
    refreshSessionLater: () => {},

    takeVisit: assign(({ event }) => ({ request: visitOf(event), arrival: 'visited' as const })),
    markRedirected: assign({ arrival: 'redirected' }),
    /** The status the server just answered (an actor's output). */
    takeAnsweredStatus: assign(({ event }) => ({
      status: (event as { output?: OnboardingStatus }).output ?? null,
    })),
    moveOn: assign((_, params: { status: OnboardingStatus }) => ({
      status: params.status,
      arrival: 'advanced' as const,
      request: null,
      failure: null,
    })),
    takeFailure: assign((_, params: { error: unknown }) => ({ failure: callFailureOf(params.error) })),
    forgetFailure: assign({ failure: null }),
    goBack: assign({ arrival: 'returned', request: null, failure: null }),
    showStep: assign((_, params: { step: OnboardingStep }) => ({ step: params.step, failure: null })),
    /**
     * The address follows the step on screen: a new history entry when the chart moved by itself (a
     * submit, "Voltar"), else the address asked for is replaced by the step's own (a redirect, or the
     * canonical form of the address).
     */
    showAddress: emit(({ context }) =>
      navigateEvent(
        stepPage(context.step!, context.phoneNumber),
        context.arrival !== 'advanced' && context.arrival !== 'returned',
      ),
    ),
    /**
     * Leaving the code step: a code sent there has newer times than the ones it opened with, and
     * coming back (Back/forward, or "Alterar número" then the same number) must count down to those.
     */
    takeResentTimes: assign(({ context, self }) => {
      // The running chart's last snapshot still holds the code step (it stops after exit actions);
      // a chart only walked through (paths) has no running children and keeps what it knows.
      const running = self.getSnapshot() as OnboardingSnapshot | undefined;
      const child = running?.children?.phoneVerification as PhoneVerificationActor | undefined;
      const code = child?.getSnapshot()?.context;
      if (!code?.sentHere || code.expiresAt === null || code.resendAvailableAt === null) return {};
      const sent: PhoneVerificationSent = {
        phoneNumber: code.phoneNumber,
        expiresAt: new Date(code.expiresAt).toISOString(),
        resendAvailableAt: new Date(code.resendAvailableAt).toISOString(),
      };
      return { sent, status: context.status && statusAfterCodeSent(context.status, sent) };
    }),
  },
});

/** The status a verified code answered (the phone-verification chart's output). */
function verifiedAnswer(output: PhoneVerificationOutput): OnboardingStatus {
  return (output as Extract<PhoneVerificationOutput, { kind: 'verified' }>).answer as OnboardingStatus;
}

/** Read by the routing guards' params: a VISIT's or an actor's done event. */
type RouteArgs = { context: OnboardingContext; event: { type: string } };
type RouteAction = 'takeVisit' | 'markRedirected' | 'takeAnsweredStatus' | 'trackSignupStarted';

type RedirectStep = 'userName' | 'companyDetails' | 'verifyPhone' | 'trial';

/**
 * Spec §2's routing: the step asked for when reachable, else the current step's page, after
 * `taken` (what a VISIT or the status's answer brings in). One transition per guard, so the paths
 * must take every one; `redirectTo` leaves out redirects that cannot happen (for a VISIT: to the
 * user-name step, which is then the only one open, so already on screen).
 */
function routes(
  params: (args: RouteArgs) => Omit<RouteParams, 'step'>,
  taken: RouteAction[],
  redirectTo: readonly RedirectStep[] = ['userName', 'companyDetails', 'verifyPhone', 'trial'],
) {
  const redirect: RouteAction[] = [...taken, 'markRedirected'];
  const shown = steps.map((step) => ({
    guard: { type: 'canShow' as const, params: (args: RouteArgs) => ({ ...params(args), step }) },
    target: `#onboarding.${step}` as const,
    actions: taken,
  }));
  const redirected = redirectTo.map((step) => ({
    guard: { type: 'isCurrentPage' as const, params: (args: RouteArgs) => ({ ...params(args), step }) },
    target: `#onboarding.${step}` as const,
    actions: redirect,
  }));
  // What is left: the phone step is current, or verify-phone is, without a number to verify.
  return [...shown, ...redirected, { target: '#onboarding.phone' as const, actions: redirect }];
}

const fromVisit = ({ context, event }: RouteArgs) => ({
  request: visitOf(event),
  status: context.status,
  sentTo: context.sent?.phoneNumber ?? null,
});
const fromAnswer = ({ context, event }: RouteArgs) => ({
  request: context.request,
  status: (event as { output?: OnboardingStatus }).output ?? null,
  sentTo: context.sent?.phoneNumber ?? null,
});

/**
 * "Voltar" to the step before (from the trial: the phone, its code already checked). The step before
 * is always open by then; it shows what was saved, so sending it again corrects it.
 */
function back(step: 'userName' | 'companyDetails' | 'phone') {
  return { target: `#onboarding.${step}` as const, actions: 'goBack' as const };
}

/** "Voltar" from the phone: to the company, or for an invited person (who has no company step) to the name. */
const backFromPhone = [
  {
    guard: {
      type: 'joinedByInvitation' as const,
      params: ({ context }: { context: OnboardingContext }) => ({ status: context.status }),
    },
    ...back('userName'),
  },
  back('companyDetails'),
];

/**
 * The phone form sent with the number already verified (back from the trial): on to the trial, no
 * code. After a failed send, sending again asks for a code, whatever the number.
 */
const verifiedNumberGoesOn = {
  guard: {
    type: 'verifiedAlready' as const,
    params: ({ event }: { event: { type: string } }) => ({
      phoneNumber: eventOf(event, 'SUBMIT_PHONE').phoneNumber,
    }),
  },
  target: '#onboarding.trial' as const,
  actions: {
    type: 'moveOn' as const,
    params: ({ context }: { context: OnboardingContext }) => ({ status: context.status! }),
  },
};

export const onboardingMachine = onboardingSetup.createMachine({
  id: 'onboarding',
  context: ({ input }) => ({
    request: input.request,
    needsOnboarding: input.needsOnboarding,
    userId: input.userId || null,
    status: null,
    step: null,
    arrival: 'visited',
    phoneNumber: null,
    sent: null,
    failure: null,
    trial: null,
    namePrefillTracked: false,
  }),
  initial: 'loading',
  on: {
    SIGN_OUT: '.signingOut',
    VISIT: [
      { guard: 'showsRequested', actions: ['takeVisit', 'showAddress'] },
      { guard: 'redirectsToShown', actions: ['takeVisit', 'markRedirected', 'showAddress'] },
      ...routes(fromVisit, ['takeVisit'], ['companyDetails', 'verifyPhone', 'trial']),
    ],
  },
  states: {
    loading: {
      description: '"Carregando onboarding...".',
      always: { guard: 'notNeededBySession', target: 'notNeeded' },
      on: { VISIT: { actions: 'takeVisit' } },
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: [
          {
            guard: { type: 'signupComplete', params: ({ event }) => ({ status: event.output }) },
            target: 'confirmingSession',
            actions: 'takeAnsweredStatus',
          },
          ...routes(fromAnswer, ['takeAnsweredStatus', 'trackSignupStarted']),
        ],
        onError: 'loadFailed',
      },
    },
    confirmingSession: {
      description:
        'Sign-up is complete (found on loading, or an invited person just verified their phone), yet the session said onboarding was needed: it is checked again before leaving, so the guards do not send the user back here.',
      invoke: {
        id: 'refreshSession',
        src: 'refreshSession',
        onDone: 'notNeeded',
        onError: 'notNeeded',
      },
    },
    loadFailed: {
      description: '"Failed to fetch onboarding status", with a way to try again.',
      on: { RETRY: 'loading', VISIT: { actions: 'takeVisit' } },
    },
    userName: {
      description: '"Sobre você": the name, prefilled from the sign-up.',
      entry: [
        { type: 'showStep', params: { step: 'userName' } },
        enqueueActions(({ context, enqueue }) => {
          const name = context.status?.prefillData.name;
          if (!name || context.namePrefillTracked) return;
          enqueue({ type: 'trackNamePrefilled', params: { name } });
          enqueue.assign({ namePrefillTracked: true });
        }),
        'showAddress',
      ],
      initial: 'editing',
      states: {
        editing: { on: { SUBMIT_NAME: 'submitting' } },
        submitting: {
          invoke: {
            id: 'saveUserName',
            src: 'saveUserName',
            input: ({ event }) => ({ name: eventOf(event, 'SUBMIT_NAME').name }),
            onDone: [
              {
                // An invited person's company exists already: on to their phone.
                guard: { type: 'joinedByInvitation', params: ({ event }) => ({ status: event.output }) },
                target: '#onboarding.phone',
                actions: { type: 'moveOn', params: ({ event }) => ({ status: event.output }) },
              },
              {
                target: '#onboarding.companyDetails',
                actions: { type: 'moveOn', params: ({ event }) => ({ status: event.output }) },
              },
            ],
            onError: {
              target: 'failed',
              actions: { type: 'takeFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        failed: { on: { SUBMIT_NAME: { target: 'submitting', actions: 'forgetFailure' } } },
      },
    },

    companyDetails: {
      description: '"Sobre sua empresa": name, razão social, CPF or CNPJ.',
      entry: [{ type: 'showStep', params: { step: 'companyDetails' } }, 'showAddress'],
      initial: 'editing',
      states: {
        editing: { on: { SUBMIT_COMPANY: 'submitting', BACK: back('userName') } },
        submitting: {
          invoke: {
            id: 'saveCompany',
            src: 'saveCompany',
            input: ({ event }) => eventOf(event, 'SUBMIT_COMPANY').company,
            onDone: {
              target: '#onboarding.phone',
              actions: [
                { type: 'moveOn', params: ({ event }) => ({ status: event.output }) },
                'refreshSessionLater',
              ],
            },
            onError: {
              target: 'failed',
              actions: { type: 'takeFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        failed: {
          on: { SUBMIT_COMPANY: { target: 'submitting', actions: 'forgetFailure' }, BACK: back('userName') },
        },
      },
    },

    phone: {
      description: '"Telefone": the mobile number a code is sent to.',
      entry: [{ type: 'showStep', params: { step: 'phone' } }, 'showAddress'],
      initial: 'editing',
      states: {
        editing: {
          on: {
            SUBMIT_PHONE: [
              verifiedNumberGoesOn,
              {
                guard: 'lacksUser',
                target: 'failed',
                actions: assign({ failure: { kind: 'missingUser' } }),
              },
              { target: 'sending' },
            ],
            BACK: backFromPhone,
          },
        },
        sending: {
          invoke: {
            id: 'sendCode',
            src: 'sendCode',
            input: ({ context, event }) => ({
              phoneNumber: eventOf(event, 'SUBMIT_PHONE').phoneNumber,
              userId: context.userId!,
              isResend: false as const,
            }),
            onDone: {
              target: '#onboarding.verifyPhone',
              actions: [
                assign(({ context, event }) => ({
                  status: context.status && statusAfterCodeSent(context.status, event.output),
                  sent: event.output,
                  phoneNumber: event.output.phoneNumber,
                  request: null,
                  arrival: 'advanced' as const,
                  failure: null,
                })),
              ],
            },
            onError: {
              target: 'failed',
              actions: { type: 'takeFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        failed: {
          on: {
            SUBMIT_PHONE: [
              {
                guard: 'lacksUser',
                target: 'failed',
                reenter: true,
                actions: assign({ failure: { kind: 'missingUser' } }),
              },
              { target: 'sending', actions: 'forgetFailure' },
            ],
            BACK: backFromPhone,
          },
        },
      },
    },

    verifyPhone: {
      description: '"Validação de telefone": the SMS code (the phone-verification chart).',
      entry: [
        { type: 'showStep', params: { step: 'verifyPhone' } },
        assign(({ context }) => ({
          phoneNumber: phoneToVerify(context.request, context.status, context.sent?.phoneNumber ?? null),
        })),
        'showAddress',
      ],
      exit: 'takeResentTimes',
      on: { BACK: back('phone') },
      invoke: {
        id: 'phoneVerification',
        src: 'phoneVerification',
        input: ({ context }) => {
          const sent = codeSentTo(context.phoneNumber, context.sent, context.status);
          // No code pending for this number (the address was opened directly): none is said to be sent.
          return { phoneNumber: context.phoneNumber!, sent, awaitingSend: sent === null };
        },
        onDone: [
          {
            guard: { type: 'wantsOtherNumber', params: ({ event }) => ({ output: event.output }) },
            target: 'phone',
            actions: assign({ arrival: 'advanced', request: null }),
          },
          {
            // An invited person's sign-up ends with their phone: the company they joined has its own
            // subscription, so there is no trial to offer.
            guard: {
              type: 'signupComplete',
              params: ({ event }) => ({ status: verifiedAnswer(event.output) }),
            },
            target: 'confirmingSession',
            actions: { type: 'moveOn', params: ({ event }) => ({ status: verifiedAnswer(event.output) }) },
          },
          {
            target: 'trial',
            actions: { type: 'moveOn', params: ({ event }) => ({ status: verifiedAnswer(event.output) }) },
          },
        ],
      },
    },

    trial: {
      description: '"Tudo pronto para começar": the free trial’s offer, then it starts.',
      entry: [{ type: 'showStep', params: { step: 'trial' } }, 'showAddress'],
      initial: 'loadingOffer',
      states: {
        loadingOffer: {
          on: { BACK: back('phone') },
          invoke: {
            id: 'loadFreeTrial',
            src: 'loadFreeTrial',
            onDone: { target: 'offer', actions: assign({ trial: ({ event }) => event.output }) },
            onError: 'offerFailed',
          },
        },
        offerFailed: { on: { RETRY: 'loadingOffer', BACK: back('phone') } },
        offer: { on: { START_TRIAL: 'starting', BACK: back('phone') } },
        starting: {
          invoke: {
            id: 'startFreeTrial',
            src: 'startFreeTrial',
            onDone: {
              target: 'refreshingSession',
              actions: assign({ trial: ({ event }) => event.output, failure: null }),
            },
            onError: {
              target: 'startFailed',
              actions: { type: 'takeFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        startFailed: {
          on: { START_TRIAL: { target: 'starting', actions: 'forgetFailure' }, BACK: back('phone') },
        },
        refreshingSession: {
          description: 'The session is checked again and its verdict awaited, so the guards let the user in.',
          invoke: {
            id: 'refreshSession',
            src: 'refreshSession',
            onDone: '#onboarding.complete',
            // Signed out meanwhile: the guards take the user to /logout from wherever they go.
            onError: '#onboarding.complete',
          },
        },
      },
    },

    complete: {
      type: 'final',
      description: 'Sign-up complete: on to /settings/whatsapp-business-connection.',
      entry: emit(navigateEvent(AFTER_ONBOARDING_PATH, true)),
    },
    signingOut: {
      type: 'final',
      description: '"Sair": on to /logout, which ends the sign-in, so another account can sign in.',
      entry: emit(navigateEvent(LOGOUT_PATH)),
    },
    notNeeded: {
      type: 'final',
      description:
        'No onboarding needed or sign-up complete: /onboarding goes to the WhatsApp page, a step to /home.',
      entry: emit(({ context }) =>
        navigateEvent(context.request?.step ? STEP_PAGES_ELSEWHERE_PATH : AFTER_ONBOARDING_PATH, true),
      ),
    },
  },
});

export type OnboardingActor = ActorRefFrom<typeof onboardingMachine>;
export type OnboardingSnapshot = SnapshotFrom<typeof onboardingMachine>;
