import type { OnboardingInput, OnboardingSnapshot } from '../../../machines/onboarding/onboarding.machine';
import {
  ONBOARDING_PATHS_NOW,
  type OnboardingCall,
  type OnboardingScreen,
  onboardingTexts,
  planOnboardingStep,
  stepperLabels,
} from '../../../machines/onboarding/onboarding.paths';
import type { ChartPath } from '../chart-paths';
import { differs, expectScreen, type UiSurface } from '../ui/ui-surface';
import { onboardingSessions, sessionReply } from './onboarding-sessions';

export type OnboardingPath = ChartPath<OnboardingSnapshot, OnboardingInput>;
export type OnboardingReply = { status: number; body: unknown } | 'network-error';
export type OnboardingSession = keyof typeof onboardingSessions;

/** What a layer does for onboarding's paths that the screen cannot: the app and its server. */
export interface OnboardingServer {
  /** Opens the app at `url` for someone signed in whose session check answers `session`. */
  open(url: string, session: OnboardingSession): Promise<void>;
  /** Goes to `url` inside the running app (a link, the address), keeping its state. */
  navigate(url: string): Promise<void>;
  /** Answers the pending `call` after checking the JSON it sent is `asked`; throws when none waits. */
  answerCall(call: Exclude<OnboardingCall, 'session'>, reply: OnboardingReply, asked: unknown): Promise<void>;
  /** Answers the one session check waiting. */
  answerSessionCheck(reply: OnboardingReply): Promise<void>;
  /** Answers every session check from now on with `reply`; `undefined` holds them. */
  sessionChecks(reply: OnboardingReply | undefined): Promise<void>;
}

const refused: OnboardingReply = {
  status: 401,
  body: { success: false, error: 'Sua sessão expirou. Entre novamente.', code: 'UNAUTHENTICATED' },
};

const readNow = (_document: Document) => Date.now();

/** An answer's instants moved from the paths' clock to the page's now. */
function shiftedTo(now: number, body: unknown): unknown {
  const data = (body as { data?: Record<string, unknown> } | undefined)?.data;
  if (!data || typeof data.resendAvailableAt !== 'string') return body;
  const shift = (iso: unknown) =>
    new Date(Date.parse(String(iso)) - ONBOARDING_PATHS_NOW + now).toISOString();
  return {
    ...(body as object),
    data: { ...data, resendAvailableAt: shift(data.resendAvailableAt), expiresAt: shift(data.expiresAt) },
  };
}

async function retype(ui: UiSurface, label: string, text: string): Promise<void> {
  await ui.fill({ label }, '');
  await ui.type({ label }, text);
}

const button = (name: string) => ({ role: 'button', name, exact: true });

/** Acts out step `index` of an onboarding path. */
export async function actOnboardingStep(
  ui: UiSurface,
  server: OnboardingServer,
  path: OnboardingPath,
  index: number,
): Promise<void> {
  for (const action of planOnboardingStep(path, index).actions) {
    switch (action.do) {
      case 'open':
        await server.open(action.url, action.session);
        break;
      case 'go-to':
        await server.navigate(action.url);
        break;
      case 'submit-name':
        await retype(ui, 'Seu nome', action.name);
        await ui.click(button('Continuar'));
        break;
      case 'submit-company': {
        const kind = action.company.documentType.toUpperCase();
        await retype(ui, 'Nome da empresa', action.company.name);
        await retype(ui, 'Razão social', action.company.businessName);
        await ui.click({ role: 'radio', name: kind });
        await retype(ui, `Número do ${kind}`, action.company.documentNumber);
        await ui.click(button('Continuar'));
        break;
      }
      case 'submit-phone':
        await retype(ui, 'Celular com DDD', action.phone);
        await ui.click(button(action.button));
        break;
      case 'type-code':
        await retype(ui, 'Código de verificação', action.code);
        break;
      case 'click':
        await ui.click(button(action.button));
        break;
      case 'answer': {
        if (action.call === 'session') {
          const reply = action.status === 200 ? sessionReply(onboardingSessions.onboarded) : refused;
          await server.answerSessionCheck(reply);
          await server.sessionChecks(reply);
          break;
        }
        // The trial's start, or a finished sign-up, is followed by a session check the next step answers.
        const complete = (action.body as { data?: { isSignupComplete?: boolean } } | undefined)?.data
          ?.isSignupComplete;
        if (action.call === 'start-trial' || complete) await server.sessionChecks(undefined);
        const reply: OnboardingReply =
          action.status === 0
            ? 'network-error'
            : { status: action.status, body: shiftedTo(await ui.read(readNow, null), action.body) };
        await server.answerCall(action.call, reply, action.asked);
        break;
      }
    }
  }
}

interface SeenOnboarding {
  url: string;
  signOut: boolean;
  status: string | null;
  statuses: string[];
  alerts: string[];
  retry: boolean;
  stepper: boolean;
  current: string[];
  heading: string | null;
  back: { disabled: boolean } | null;
  strong: string[];
  codeSentText: boolean;
  noCodeText: boolean;
  trialOffer: boolean;
  start: { text: string; disabled: boolean } | null;
  submit: { disabled: boolean } | null;
}

function readOnboarding(document: Document): Omit<SeenOnboarding, 'url'> {
  const buttons = [...document.querySelectorAll('button')];
  // A button's name as read aloud: without its aria-hidden icons.
  const nameOf = (b: Element) =>
    [...b.childNodes]
      .filter((n) => !(n.nodeType === 1 && (n as Element).getAttribute('aria-hidden') === 'true'))
      .map((n) => n.textContent ?? '')
      .join('')
      .trim();
  const byText = (text: string) => buttons.find((b) => nameOf(b) === text);
  const stepper = document.querySelector('nav[aria-label="Etapas do cadastro"]');
  const texts = [...document.querySelectorAll('p')].map((p) => p.textContent ?? '');
  const back = byText('Voltar');
  const start = buttons.find((b) => /^Começar teste grátis$|^Começando\.\.\.$/.test(nameOf(b)));
  const submit = document.querySelector<HTMLButtonElement>('button[type="submit"]');
  return {
    signOut: !!byText('Sair'),
    status: document.querySelector('[role="status"]')?.textContent ?? null,
    statuses: [...document.querySelectorAll('[role="status"]')].map((el) => el.textContent ?? ''),
    alerts: [...document.querySelectorAll('[role="alert"]')].map((el) => el.textContent ?? ''),
    retry: !!byText('Tentar novamente'),
    stepper: !!stepper,
    current: stepper
      ? [...stepper.querySelectorAll('li')]
          .filter((li) => li.getAttribute('aria-current') === 'step')
          .map((li) => li.textContent ?? '')
      : [],
    heading: document.querySelector('h1')?.textContent ?? null,
    back: back ? { disabled: back.disabled } : null,
    strong: [...document.querySelectorAll('strong')].map((el) => el.textContent ?? ''),
    codeSentText: texts.some((t) => t.startsWith('Enviamos um código de 6 números')),
    noCodeText: texts.some((t) => t.startsWith('Ainda não enviamos um código')),
    trialOffer: [...document.querySelectorAll('*')].some(
      (el) => el.children.length === 0 && el.textContent === 'Teste grátis de 7 dias',
    ),
    start: start ? { text: nameOf(start), disabled: start.disabled } : null,
    submit: submit ? { disabled: submit.disabled } : null,
  };
}

function mismatches(screen: OnboardingScreen, seen: SeenOnboarding): string[] {
  // The way out is on every onboarding screen.
  const out = screen.shows === 'left' ? [] : differs('"Sair"', seen.signOut, true);
  switch (screen.shows) {
    case 'loading':
      return [...out, ...differs('the status', seen.status, onboardingTexts.loading)];
    case 'load-failed':
      return [
        ...out,
        ...differs('the alerts', seen.alerts, [onboardingTexts.loadFailed]),
        ...differs('"Tentar novamente"', seen.retry, true),
      ];
    case 'left':
      return [
        ...differs('the address', seen.url, screen.path),
        ...differs('the stepper', seen.stepper, false),
      ];
    case 'step': {
      const label = stepperLabels[screen.indicator - 1]!;
      const problems = [
        ...out,
        ...differs('the address', seen.url, screen.path),
        ...differs('the heading', seen.heading, screen.heading),
        ...(seen.current.length === 1 && seen.current[0]!.includes(label)
          ? []
          : [`the stepper's current step is ${JSON.stringify(seen.current)}, not "${label}"`]),
        ...differs(
          '"Voltar"',
          seen.back,
          screen.back === 'none' ? null : { disabled: screen.back === 'disabled' },
        ),
        ...differs('the alerts', seen.alerts, screen.alerts),
      ];
      if (screen.phoneShown && !seen.strong.includes(screen.phoneShown))
        problems.push(`${screen.phoneShown} is not shown in bold`);
      if (screen.codeSent !== undefined) {
        // Never "a code was sent" when none is pending for the number.
        problems.push(...differs('"Enviamos um código"', seen.codeSentText, screen.codeSent));
        problems.push(...differs('"Ainda não enviamos um código"', seen.noCodeText, !screen.codeSent));
      }
      if (screen.trial === 'loading' && !seen.statuses.includes('Carregando teste grátis...'))
        problems.push('"Carregando teste grátis..." is not on screen');
      if (screen.trial === 'offer') {
        problems.push(...differs('"Teste grátis de 7 dias"', seen.trialOffer, true));
        problems.push(
          ...differs('the start button', seen.start, {
            text: screen.busy ? 'Começando...' : 'Começar teste grátis',
            disabled: screen.busy,
          }),
        );
      }
      if (screen.step !== 'trial' && screen.step !== 'verifyPhone')
        problems.push(...differs('the submit button', seen.submit, { disabled: screen.busy }));
      return problems;
    }
  }
}

/** Throws, saying what differs, unless the screen shows what step `index` leads to. */
export async function checkOnboardingStep(ui: UiSurface, path: OnboardingPath, index: number): Promise<void> {
  const { screen } = planOnboardingStep(path, index);
  await expectScreen(
    ui,
    async () => ({ ...(await ui.read(readOnboarding, null)), url: await ui.location() }),
    (seen) => mismatches(screen, seen),
  );
}

/** What the user must see after step `index`, in words. */
export function onboardingExpectation(path: OnboardingPath, index: number): string {
  const { screen } = planOnboardingStep(path, index);
  switch (screen.shows) {
    case 'loading':
      return `"${onboardingTexts.loading}"`;
    case 'load-failed':
      return `"${onboardingTexts.loadFailed}" and "Tentar novamente"`;
    case 'left':
      return `onboarding has left for ${screen.path}`;
    case 'step':
      return [
        `${screen.path}: "${screen.heading}" (step ${screen.indicator} of the stepper)`,
        screen.back === 'none' ? 'no "Voltar"' : `"Voltar" ${screen.back}`,
        ...(screen.busy ? ['its call under way'] : []),
        ...(screen.alerts.length ? [`alerts: ${screen.alerts.join(' / ')}`] : []),
        ...(screen.trial ? [`trial: ${screen.trial}`] : []),
      ].join('; ');
  }
}
