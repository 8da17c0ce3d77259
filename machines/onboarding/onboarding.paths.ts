import type { AnyEventObject } from 'xstate';
import { formatBrazilianPhone } from '../../contracts/brazil/mobile-phone';
import type {
  CompanyDetails,
  FreeTrial,
  OnboardingStatus,
  OnboardingStep,
  PhoneVerificationSent,
  SavedCompany,
} from '../../contracts/onboarding';
import type { CallFailure } from '../phone-verification/call-failure';
import type { PhoneVerificationOutput } from '../phone-verification/phone-verification.machine';
import { flattenStateValue } from '../toasts/toast.paths';
import {
  type OnboardingEvent,
  type OnboardingInput,
  type OnboardingSnapshot,
  onboardingMachine,
} from './onboarding.machine';
import {
  AFTER_ONBOARDING_PATH,
  ONBOARDING_PATH,
  STEP_PAGES_ELSEWHERE_PATH,
  stepPage,
} from './onboarding-pages';
import { codeSentTo, type StepRequest, statusAfterCodeSent } from './onboarding-reach';

/**
 * The onboarding chart's path model, and per step what to do in the running app and what the user
 * must see (`planOnboardingStep`), as data for the jsdom and browser drivers.
 */

export const ONBOARDING_PATHS_NOW = Date.UTC(2030, 0, 15, 12);
const inSeconds = (seconds: number) => new Date(ONBOARDING_PATHS_NOW + seconds * 1000).toISOString();

export const PATHS_USER_ID = 'u-bia';
export const PATHS_NAME = 'Beatriz Almeida';
export const PATHS_PHONE = '5511987654321';
/** Another number someone might put in the address. */
export const OTHER_PHONE = '5521998765432';
export const PATHS_CODE = '123456';

export const pathsCompany: CompanyDetails = {
  name: 'Doces da Bia',
  businessName: 'Beatriz Almeida Doces ME',
  documentType: 'cnpj',
  documentNumber: '11.222.333/0001-81',
};

const nothingDone = { userNameSet: false, hasCompanyCreated: false, phoneVerified: false };

/** The sent answer of the phone step's first code. */
export const firstCodeSent: PhoneVerificationSent = {
  phoneNumber: PATHS_PHONE,
  expiresAt: inSeconds(600),
  resendAvailableAt: inSeconds(60),
};

/** The company as the status tells it once saved (document masked). */
export const savedPathsCompany: SavedCompany = { ...pathsCompany };

const fresh: OnboardingStatus = {
  currentStep: 'userName',
  isSignupComplete: false,
  prefillData: { name: PATHS_NAME, phone: null },
  signupSteps: nothingDone,
  pendingVerification: null,
  company: null,
  joinedByInvitation: false,
};
const named: OnboardingStatus = {
  ...fresh,
  currentStep: 'companyDetails',
  signupSteps: { ...nothingDone, userNameSet: true },
};
const withCompany: OnboardingStatus = {
  ...fresh,
  currentStep: 'phone',
  signupSteps: { ...nothingDone, userNameSet: true, hasCompanyCreated: true },
  company: savedPathsCompany,
};
const phoneVerified: OnboardingStatus = {
  currentStep: 'trial',
  isSignupComplete: false,
  prefillData: { name: PATHS_NAME, phone: PATHS_PHONE },
  signupSteps: { userNameSet: true, hasCompanyCreated: true, phoneVerified: true },
  pendingVerification: null,
  company: savedPathsCompany,
  joinedByInvitation: false,
};

/** The company an invited person joined (the owner's). */
export const invitingCompany: SavedCompany = {
  name: 'Doces da Ana',
  businessName: 'Ana Souza Doces ME',
  documentType: 'cnpj',
  documentNumber: '45.723.174/0001-10',
};
/** Someone who accepted an invitation before onboarding: their company exists, they name themselves. */
const invitee: OnboardingStatus = {
  ...fresh,
  signupSteps: { ...nothingDone, hasCompanyCreated: true },
  company: invitingCompany,
  joinedByInvitation: true,
};
const inviteeNamed: OnboardingStatus = {
  ...invitee,
  currentStep: 'phone',
  signupSteps: { ...invitee.signupSteps, userNameSet: true },
};

/** What the server can answer, from a brand-new account to a finished sign-up. */
export const onboardingStatuses = {
  fresh,
  named,
  withCompany,
  codeSent: statusAfterCodeSent(withCompany, firstCodeSent),
  phoneVerified,
  complete: { ...phoneVerified, isSignupComplete: true },
  invitee,
  inviteeNamed,
  inviteeComplete: {
    ...inviteeNamed,
    currentStep: 'trial',
    isSignupComplete: true,
    prefillData: { name: PATHS_NAME, phone: PATHS_PHONE },
    signupSteps: { userNameSet: true, hasCompanyCreated: true, phoneVerified: true },
  },
} satisfies Record<string, OnboardingStatus>;

export const freeTrialOffer: FreeTrial = { trialDays: 7, endsAt: inSeconds(7 * 86_400), started: false };
export const freeTrialStarted: FreeTrial = { ...freeTrialOffer, started: true };

/** Refusals as the app's actors reject them (ApiError's shape: message, status, issues). */
function refusal(message: string, status: number, issues?: { path: string; message: string }[]) {
  return Object.assign(new Error(message), { status, ...(issues && { issues }) });
}
export const refusals = {
  name: refusal('Informe seu nome.', 400, [{ path: 'name', message: 'Informe seu nome.' }]),
  document: refusal('CNPJ inválido. Confira os números.', 400, [
    { path: 'documentNumber', message: 'CNPJ inválido. Confira os números.' },
  ]),
  smsDown: refusal('Provedor de SMS indisponível no momento.', 500),
  tooSoon: refusal('Aguarde um pouco para pedir outro código.', 429),
  trialBroken: refusal('Não foi possível começar o teste agora.', 500),
  offline: new Error('Failed to fetch'),
  signedOut: new Error('The session ended'),
};

export interface OnboardingScenario {
  name: string;
  summary: string;
  input: OnboardingInput;
}

export const onboardingScenarios: OnboardingScenario[] = [
  {
    name: 'signed-up',
    summary: `${PATHS_NAME}, signed in with sign-up not complete, opens /onboarding`,
    input: { request: { step: null, phone: null }, needsOnboarding: true, userId: PATHS_USER_ID },
  },
  {
    name: 'onboarded',
    summary: 'Someone whose sign-up is complete opens /onboarding/company',
    input: {
      request: { step: 'companyDetails', phone: null },
      needsOnboarding: false,
      userId: PATHS_USER_ID,
    },
  },
  {
    name: 'no-user-id',
    summary: 'Someone whose session names no user opens /onboarding/phone',
    input: { request: { step: 'phone', phone: null }, needsOnboarding: true, userId: null },
  },
];

/** Every address of onboarding the user can open. */
export const visits: ReadonlyArray<Extract<OnboardingEvent, { type: 'VISIT' }>> = [
  { type: 'VISIT', step: null, phone: null },
  { type: 'VISIT', step: 'userName', phone: null },
  { type: 'VISIT', step: 'companyDetails', phone: null },
  { type: 'VISIT', step: 'phone', phone: null },
  { type: 'VISIT', step: 'verifyPhone', phone: null },
  { type: 'VISIT', step: 'verifyPhone', phone: PATHS_PHONE },
  { type: 'VISIT', step: 'verifyPhone', phone: OTHER_PHONE },
  { type: 'VISIT', step: 'trial', phone: null },
];

const verified: PhoneVerificationOutput = { kind: 'verified', answer: phoneVerified };
/** An invited person's code: their sign-up is complete with it (no trial, issue 15). */
const verifiedInvitee: PhoneVerificationOutput = {
  kind: 'verified',
  answer: onboardingStatuses.inviteeComplete,
};
const changeNumber: PhoneVerificationOutput = { kind: 'changeNumber' };

function statusName(status: OnboardingStatus | null): string {
  if (!status) return 'status unknown';
  if (status.isSignupComplete) return 'sign-up complete';
  const done = status.signupSteps;
  const flags = [
    done.userNameSet && 'name',
    done.hasCompanyCreated && 'company',
    done.phoneVerified && 'phone',
  ]
    .filter(Boolean)
    .join('+');
  const invited = status.joinedByInvitation ? ', joined by invitation' : '';
  return `at ${status.currentStep} (done: ${flags || 'nothing'}${invited})`;
}

function phoneName(phone: string | null | undefined): string {
  if (!phone) return 'none';
  return formatBrazilianPhone(phone);
}

function failureName(failure: CallFailure | null): string | undefined {
  if (!failure) return undefined;
  if (failure.kind === 'missingUser') return 'failed: no user id';
  return `failed: ${failure.status ?? 'no answer'}`;
}

function requestName(request: StepRequest | null): string {
  if (!request) return 'no address';
  if (request.step === null) return ONBOARDING_PATH;
  return stepPage(request.step, request.phone);
}

const resting = ['editing', 'failed', 'offer', 'offerFailed', 'startFailed'];

const back: OnboardingEvent = { type: 'BACK' };
const signOut: OnboardingEvent = { type: 'SIGN_OUT' };

export const onboardingPathModel = {
  chart: 'onboarding',
  title:
    'Onboarding: name, company, phone, SMS code, free trial (an invited member ends at the code); back a step, sign out; unreachable steps redirect',
  machine: onboardingMachine,
  scenarios: onboardingScenarios,

  events(snapshot: OnboardingSnapshot): OnboardingEvent[] {
    if (snapshot.status !== 'active') return [];
    const c = snapshot.context;
    if (snapshot.matches('loading')) return [...visits, signOut];
    if (snapshot.matches('loadFailed')) return [{ type: 'RETRY' }, visits[7]!, signOut];
    const own: OnboardingEvent[] = [];
    if (snapshot.matches('userName')) own.push({ type: 'SUBMIT_NAME', name: PATHS_NAME });
    if (snapshot.matches('companyDetails')) own.push({ type: 'SUBMIT_COMPANY', company: pathsCompany });
    if (snapshot.matches('phone')) own.push({ type: 'SUBMIT_PHONE', phoneNumber: PATHS_PHONE });
    if (snapshot.matches({ trial: 'offerFailed' })) own.push({ type: 'RETRY' });
    // "Voltar" wherever the step has one (the trial's offer also while it loads).
    if (snapshot.can(back)) own.push(back);
    if (snapshot.matches({ trial: 'offer' }) || snapshot.matches({ trial: 'startFailed' }))
      own.push({ type: 'START_TRIAL' });
    // Without a user id only the phone step's refusal is of interest.
    if (c.userId === null) return snapshot.matches('phone') ? own : [];
    const value = flattenStateValue(snapshot.value);
    const canLeave = snapshot.matches('verifyPhone') || resting.some((s) => value.endsWith(`.${s}`));
    return canLeave ? [...own, ...visits, signOut] : own;
  },

  actors: [
    {
      id: 'loadStatus',
      src: 'loadStatus',
      // An invited person's finished sign-up loads as any finished one does.
      outputs: Object.values(onboardingStatuses).filter(
        (status) => status !== onboardingStatuses.inviteeComplete,
      ),
      errors: [refusals.offline],
    },
    { id: 'saveUserName', src: 'saveUserName', outputs: [named, inviteeNamed], errors: [refusals.name] },
    { id: 'saveCompany', src: 'saveCompany', outputs: [withCompany], errors: [refusals.document] },
    {
      id: 'sendCode',
      src: 'sendCode',
      outputs: [firstCodeSent],
      errors: [refusals.smsDown, refusals.tooSoon],
    },
    {
      id: 'phoneVerification',
      src: 'phoneVerification',
      outputs: [verified, verifiedInvitee, changeNumber],
    },
    { id: 'loadFreeTrial', src: 'loadFreeTrial', outputs: [freeTrialOffer], errors: [refusals.offline] },
    {
      id: 'startFreeTrial',
      src: 'startFreeTrial',
      outputs: [freeTrialStarted],
      errors: [refusals.trialBroken],
    },
    { id: 'refreshSession', src: 'refreshSession', outputs: [undefined], errors: [refusals.signedOut] },
  ],

  /**
   * The server answers as the person is: an invited person's name and code for them, someone else's
   * for everyone else.
   */
  allows(snapshot: OnboardingSnapshot, event: AnyEventObject): boolean {
    const invited = snapshot.context.status?.joinedByInvitation === true;
    if (event.type === 'xstate.done.actor.saveUserName')
      return (event.output as OnboardingStatus).joinedByInvitation === invited;
    if (event.type === 'xstate.done.actor.phoneVerification') {
      const output = event.output as PhoneVerificationOutput;
      return output.kind !== 'verified' || (output.answer as OnboardingStatus).joinedByInvitation === invited;
    }
    return true;
  },

  /**
   * State, status, how the step was reached, the numbers in play, the failure shown; the address
   * asked for only while it still decides something (before the status is known).
   */
  serializeState(snapshot: OnboardingSnapshot): string {
    const c = snapshot.context;
    const waiting =
      snapshot.matches('loading') || snapshot.matches('loadFailed') || snapshot.matches('confirmingSession');
    return [
      flattenStateValue(snapshot.value),
      statusName(c.status),
      waiting || snapshot.matches('notNeeded') ? `asked ${requestName(c.request)}` : c.arrival,
      c.phoneNumber && `verifies ${phoneName(c.phoneNumber)}`,
      c.sent && `code sent to ${phoneName(c.sent.phoneNumber)}`,
      failureName(c.failure),
      c.trial && (c.trial.started ? 'trial started' : 'trial offered'),
      c.namePrefillTracked && 'prefill tracked',
      c.userId === null && 'no user id',
    ]
      .filter(Boolean)
      .join(' · ');
  },

  /**
   * Every state, reached each way (asked for, redirected, moved on), at each current step; a step gone
   * back to once per step, and signing out once (from anywhere it is the same transition).
   */
  coverageKey(snapshot: OnboardingSnapshot): string {
    const c = snapshot.context;
    if (snapshot.matches('signingOut')) return 'signingOut';
    if (c.arrival === 'returned') return `${flattenStateValue(snapshot.value)} · returned`;
    return [
      flattenStateValue(snapshot.value),
      c.status && `current ${c.status.currentStep}`,
      c.arrival,
      failureName(c.failure),
    ]
      .filter(Boolean)
      .join(' · ');
  },

  describeState(snapshot: OnboardingSnapshot): string {
    const c = snapshot.context;
    if (snapshot.matches('loading'))
      return `shows "Carregando onboarding..." (${requestName(c.request)} asked for)`;
    if (snapshot.matches('loadFailed'))
      return 'shows "Failed to fetch onboarding status" and "Tentar novamente"';
    if (snapshot.matches('confirmingSession'))
      return 'sign-up complete: the session is checked again before leaving ("Carregando onboarding...")';
    if (snapshot.matches('notNeeded')) return `no onboarding needed: leaves for ${leavingPath(snapshot)}`;
    if (snapshot.matches('complete')) return `sign-up complete: leaves for ${AFTER_ONBOARDING_PATH}`;
    if (snapshot.matches('signingOut')) return 'signs out: leaves for /logout';
    const how = {
      visited: 'as asked',
      redirected: 'redirected there',
      advanced: 'moved on there',
      returned: 'gone back there',
    }[c.arrival];
    const page = stepPage(c.step!, c.phoneNumber);
    const value = flattenStateValue(snapshot.value);
    const sub = value.includes('.') ? ` (${value.slice(value.indexOf('.') + 1)})` : '';
    const failure = failureName(c.failure);
    return `shows ${page}${sub}, ${how}; ${statusName(c.status)}${failure ? `; ${failure}` : ''}`;
  },

  describeEvent(event: AnyEventObject): string {
    const e = event as AnyEventObject & Record<string, unknown>;
    switch (event.type) {
      case 'VISIT':
        return `The user goes to ${requestName({ step: e.step as OnboardingStep | null, phone: e.phone as string | null })}`;
      case 'SUBMIT_NAME':
        return `The user sends "Sobre você" with the name "${e.name}"`;
      case 'SUBMIT_COMPANY':
        return `The user sends "Sobre sua empresa" for ${pathsCompany.name} (CNPJ ${pathsCompany.documentNumber})`;
      case 'SUBMIT_PHONE':
        return `The user sends "Telefone" with ${phoneName(e.phoneNumber as string)}`;
      case 'START_TRIAL':
        return 'The user clicks "Começar teste grátis"';
      case 'RETRY':
        return 'The user clicks "Tentar novamente"';
      case 'BACK':
        return 'The user clicks "Voltar"';
      case 'SIGN_OUT':
        return 'The user clicks "Sair"';
      case 'xstate.done.actor.loadStatus':
        return `The server answers the status: ${statusName(e.output as OnboardingStatus)}`;
      case 'xstate.error.actor.loadStatus':
        return 'The status call fails (no connection)';
      case 'xstate.done.actor.saveUserName':
        return 'The server saves the name';
      case 'xstate.done.actor.saveCompany':
        return 'The server saves the company';
      case 'xstate.done.actor.sendCode':
        return `The server sends a code to ${phoneName(PATHS_PHONE)}`;
      case 'xstate.done.actor.phoneVerification': {
        const output = e.output as PhoneVerificationOutput;
        if (output.kind !== 'verified') return 'The user clicks "Alterar número"';
        const complete = (output.answer as OnboardingStatus).isSignupComplete;
        return `The user types the code ${PATHS_CODE}; the server accepts it${complete ? ' and, the user being an invited team member, completes sign-up' : ''}`;
      }
      case 'xstate.done.actor.loadFreeTrial':
        return 'The server answers the free trial: 7 days';
      case 'xstate.error.actor.loadFreeTrial':
        return 'The free trial call fails (no connection)';
      case 'xstate.done.actor.startFreeTrial':
        return 'The server starts the free trial';
      case 'xstate.done.actor.refreshSession':
        return 'The session check answers: signed in, onboarded';
      case 'xstate.error.actor.refreshSession':
        return 'The session check answers: signed out (401)';
      default: {
        if (event.type.startsWith('xstate.error.actor.')) {
          const error = e.error as { status?: number; message?: string };
          return `The server refuses (${error.status}): "${error.message}"`;
        }
        return event.type;
      }
    }
  },
};

/** Where a finished or unneeded onboarding sends the user (spec §2). */
function leavingPath(snapshot: OnboardingSnapshot): string {
  return snapshot.context.request?.step ? STEP_PAGES_ELSEWHERE_PATH : AFTER_ONBOARDING_PATH;
}

/** The stepper's indicators (spec §2). */
export const stepperLabels = [
  'Dados de acesso',
  'Sobre você',
  'Sobre sua empresa',
  'Validação de telefone',
  'Tudo pronto para começar',
] as const;

export const stepIndicator: Readonly<Record<OnboardingStep, number>> = {
  userName: 2,
  companyDetails: 3,
  phone: 4,
  verifyPhone: 4,
  trial: 5,
};

/** Each step page's heading. */
export const stepHeadings: Readonly<Record<OnboardingStep, string>> = {
  userName: 'Sobre você',
  companyDetails: 'Sobre sua empresa',
  phone: 'Telefone',
  verifyPhone: 'Validação de telefone',
  trial: 'Tudo pronto para começar',
};

/** Spec §8 and the views' own texts the drivers look for. */
export const onboardingTexts = {
  loading: 'Carregando onboarding...',
  loadFailed: 'Failed to fetch onboarding status',
  sendFailed: 'Ops! Falha ao enviar código de verificação.',
  missingUser: 'Sessão de usuário não encontrada. Por favor, faça login novamente.',
  offerFailed: 'Não foi possível carregar o teste grátis.',
} as const;

/** What the drivers do in a running app, as data. */
export type OnboardingUserAction =
  /** Step 0: the session to sign in with, then open the address. */
  | { do: 'open'; url: string; session: 'onboarding' | 'onboarded' | 'no-user-id' }
  /** An in-app navigation (a link, the back button). */
  | { do: 'go-to'; url: string }
  | { do: 'submit-name'; name: string }
  | { do: 'submit-company'; company: CompanyDetails }
  /**
   * Types the national number in the mask and sends: "Enviar código", or "Continuar" for the number
   * already verified (back from the trial).
   */
  | { do: 'submit-phone'; phone: string; button: 'Enviar código' | 'Continuar' }
  | { do: 'type-code'; code: string }
  | { do: 'click'; button: string }
  /** Answers the pending call (after checking it asked `asked`, its JSON body); `status: 0` drops the connection. */
  | { do: 'answer'; call: OnboardingCall; status: number; body: unknown; asked?: unknown };

export type OnboardingCall =
  | 'status'
  | 'user-name'
  | 'company'
  | 'send-code'
  | 'verify'
  | 'free-trial'
  | 'start-trial'
  | 'session';

export type OnboardingScreen =
  | { shows: 'loading' }
  | { shows: 'load-failed' }
  | { shows: 'left'; path: string }
  | {
      shows: 'step';
      step: OnboardingStep;
      /** The address on screen. */
      path: string;
      /**
       * How the step came on screen: an address asked for it, a redirect replaced it, a submit moved
       * on, or "Voltar" went back.
       */
      arrival: 'visited' | 'redirected' | 'advanced' | 'returned';
      /** "Voltar" is offered (the step has one before it) and can be used now. */
      back: 'none' | 'enabled' | 'disabled';
      heading: string;
      /** 1-based: the stepper's current indicator. */
      indicator: number;
      /** A call of the step is under way (its button says so, disabled). */
      busy: boolean;
      /** role=alert texts, in order. */
      alerts: string[];
      /** verify-phone: the number shown. */
      phoneShown?: string;
      /**
       * verify-phone: the page says a code was sent (one is pending for the number), or that none was
       * and offers to send it.
       */
      codeSent?: boolean;
      /** trial: what the step shows. */
      trial?: 'loading' | 'failed' | 'offer';
    };

export interface OnboardingStepPlan {
  actions: OnboardingUserAction[];
  screen: OnboardingScreen;
}

interface PlannablePath {
  scenario: { name: string; input: OnboardingInput };
  steps: ReadonlyArray<{ event: AnyEventObject; state: OnboardingSnapshot }>;
}

function ok(data: unknown) {
  return { status: 200, body: { success: true, data } };
}

function failed(error: unknown): { status: number; body: unknown } {
  const e = error as { message: string; status?: number; issues?: unknown };
  if (e.status === undefined) return { status: 0, body: undefined };
  const code = e.status === 400 ? 'VALIDATION_ERROR' : e.status === 429 ? 'RATE_LIMITED' : 'INTERNAL_ERROR';
  return {
    status: e.status,
    body: { success: false, error: e.message, code, ...(e.issues ? { issues: e.issues } : {}) },
  };
}

const calls: Record<string, OnboardingCall> = {
  loadStatus: 'status',
  saveUserName: 'user-name',
  saveCompany: 'company',
  sendCode: 'send-code',
  loadFreeTrial: 'free-trial',
  startFreeTrial: 'start-trial',
  refreshSession: 'session',
};

/** What each command sends (the paths' user always types the same). */
function askedBody(call: OnboardingCall): unknown {
  switch (call) {
    case 'user-name':
      return { name: PATHS_NAME };
    case 'company':
      return pathsCompany;
    case 'send-code':
      return { phoneNumber: PATHS_PHONE, userId: PATHS_USER_ID, isResend: false };
    default:
      return undefined;
  }
}

function actionsFor(path: PlannablePath, index: number): OnboardingUserAction[] {
  const { event } = path.steps[index]!;
  const e = event as AnyEventObject & Record<string, unknown>;
  if (index === 0) {
    const { input } = path.scenario;
    const request = input.request;
    return [
      {
        do: 'open',
        url: request.step === null ? ONBOARDING_PATH : stepPage(request.step, request.phone),
        session: input.userId === null ? 'no-user-id' : input.needsOnboarding ? 'onboarding' : 'onboarded',
      },
    ];
  }
  switch (event.type) {
    case 'VISIT':
      return [
        {
          do: 'go-to',
          url: requestName({ step: e.step as OnboardingStep | null, phone: e.phone as string | null }),
        },
      ];
    case 'SUBMIT_NAME':
      return [{ do: 'submit-name', name: e.name as string }];
    case 'SUBMIT_COMPANY':
      return [{ do: 'submit-company', company: e.company as CompanyDetails }];
    case 'SUBMIT_PHONE': {
      const before = path.steps[index - 1]!.state;
      const status = before.context.status;
      const keepsVerified =
        before.matches({ phone: 'editing' }) &&
        status?.signupSteps.phoneVerified === true &&
        status.prefillData.phone === e.phoneNumber;
      return [
        {
          do: 'submit-phone',
          phone: formatBrazilianPhone(e.phoneNumber as string),
          button: keepsVerified ? 'Continuar' : 'Enviar código',
        },
      ];
    }
    case 'START_TRIAL':
      return [{ do: 'click', button: 'Começar teste grátis' }];
    case 'RETRY':
      return [{ do: 'click', button: 'Tentar novamente' }];
    case 'BACK':
      return [{ do: 'click', button: 'Voltar' }];
    case 'SIGN_OUT':
      return [{ do: 'click', button: 'Sair' }];
    case 'xstate.done.actor.phoneVerification': {
      const output = e.output as PhoneVerificationOutput;
      if (output.kind === 'changeNumber') return [{ do: 'click', button: 'Alterar número' }];
      const before = path.steps[index - 1]!.state.context;
      const phoneNumber = before.phoneNumber;
      // No code pending for the number (the address named it): the user sends the first one.
      const firstSend: OnboardingUserAction[] =
        codeSentTo(phoneNumber, before.sent, before.status) === null
          ? [
              { do: 'click', button: 'Enviar código' },
              {
                do: 'answer',
                call: 'send-code',
                ...ok({ ...firstCodeSent, phoneNumber }),
                asked: { phoneNumber, userId: PATHS_USER_ID, isResend: false },
              },
            ]
          : [];
      return [
        ...firstSend,
        { do: 'type-code', code: PATHS_CODE },
        { do: 'click', button: 'Validar' },
        { do: 'answer', call: 'verify', ...ok(output.answer), asked: { phoneNumber, code: PATHS_CODE } },
      ];
    }
    default: {
      const done = event.type.startsWith('xstate.done.actor.');
      const id = event.type.replace(/^xstate\.(done|error)\.actor\./, '');
      const call = calls[id];
      if (!call) throw new Error(`No way to act out "${event.type}" in the app`);
      if (call === 'session')
        return [{ do: 'answer', call, ...(done ? ok(null) : { status: 401, body: undefined }) }];
      return [{ do: 'answer', call, ...(done ? ok(e.output) : failed(e.error)), asked: askedBody(call) }];
    }
  }
}

/** Field issues are shown beside their field (role=alert), other failures as one message. */
function alertsOf(snapshot: OnboardingSnapshot): string[] {
  if (snapshot.matches({ trial: 'offerFailed' })) return [onboardingTexts.offerFailed];
  const failure = snapshot.context.failure;
  if (!failure) return [];
  if (snapshot.matches('phone')) {
    if (failure.kind === 'missingUser') return [onboardingTexts.missingUser];
    const general =
      failure.status === 500 && failure.message.trim() ? failure.message : onboardingTexts.sendFailed;
    return [...(failure.issues ?? []).map((issue) => issue.message), general];
  }
  if (failure.kind === 'missingUser') return [onboardingTexts.missingUser];
  if (failure.issues?.length) return failure.issues.map((issue) => issue.message);
  return [failure.message];
}

function screenOf(path: PlannablePath, index: number): OnboardingScreen {
  const snapshot = path.steps[index]!.state;
  const c = snapshot.context;
  if (snapshot.matches('loading') || snapshot.matches('confirmingSession')) return { shows: 'loading' };
  if (snapshot.matches('loadFailed')) return { shows: 'load-failed' };
  const signedOut = path.steps[index]!.event.type === 'xstate.error.actor.refreshSession';
  if (snapshot.matches('notNeeded'))
    return { shows: 'left', path: signedOut ? '/logout' : leavingPath(snapshot) };
  if (snapshot.matches('complete')) {
    return { shows: 'left', path: signedOut ? '/logout' : AFTER_ONBOARDING_PATH };
  }
  if (snapshot.matches('signingOut')) return { shows: 'left', path: '/logout' };
  const step = c.step!;
  const value = flattenStateValue(snapshot.value);
  const busy = /\.(submitting|sending|starting|refreshingSession)$/.test(value);
  return {
    shows: 'step',
    step,
    path: stepPage(step, c.phoneNumber),
    arrival: c.arrival,
    back: step === 'userName' ? 'none' : snapshot.can({ type: 'BACK' }) ? 'enabled' : 'disabled',
    heading: stepHeadings[step],
    indicator: stepIndicator[step],
    busy,
    alerts: alertsOf(snapshot),
    ...(step === 'verifyPhone' && {
      phoneShown: phoneName(c.phoneNumber),
      codeSent: codeSentTo(c.phoneNumber, c.sent, c.status) !== null,
    }),
    ...(step === 'trial' && {
      trial: snapshot.matches({ trial: 'loadingOffer' })
        ? ('loading' as const)
        : snapshot.matches({ trial: 'offerFailed' })
          ? ('failed' as const)
          : ('offer' as const),
    }),
  };
}

/** What to do at step `index` of an onboarding path, and what the user must then see. */
export function planOnboardingStep(path: PlannablePath, index: number): OnboardingStepPlan {
  return { actions: actionsFor(path, index), screen: screenOf(path, index) };
}
