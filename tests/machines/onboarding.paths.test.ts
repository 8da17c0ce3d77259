import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { CompanyDetails, OnboardingStatus, OnboardingStep } from '../../contracts/onboarding';
import { type NavigateEvent, navigateEvent } from '../../machines/navigate-event';
import { type OnboardingSnapshot, onboardingMachine } from '../../machines/onboarding/onboarding.machine';
import {
  firstCodeSent,
  OTHER_PHONE,
  onboardingPathModel,
  onboardingStatuses,
  PATHS_NAME,
  PATHS_PHONE,
  PATHS_USER_ID,
  pathsCompany,
  planOnboardingStep,
  visits,
} from '../../machines/onboarding/onboarding.paths';
import {
  AFTER_ONBOARDING_PATH,
  LOGOUT_PATH,
  STEP_PAGES_ELSEWHERE_PATH,
} from '../../machines/onboarding/onboarding-pages';
import { type StepRequest, statusAfterCodeSent } from '../../machines/onboarding/onboarding-reach';
import {
  type CodeSent,
  type PhoneVerificationActor,
  phoneVerificationMachine,
  type SendCodeInput,
} from '../../machines/phone-verification/phone-verification.machine';
import { expectFullCoverage, expectNumberedStories } from '../support/chart-path-checks';
import { describePath, generatePaths, replayPath } from '../support/chart-paths';

const paths = generatePaths(onboardingPathModel);

type Path = (typeof paths)[number];

/**
 * Where the chart must send the address at step `index`: an address asked for is replaced by the
 * step it shows; a step reached by itself (a submit, "Voltar") is a new entry, one the status's
 * answer routes to replaces "/onboarding"; the ends leave for their pages. Nothing otherwise.
 */
function expectedNavigation(path: Path, index: number): NavigateEvent[] {
  const { event, state } = path.steps[index]!;
  const before = path.steps[index - 1]!.state;
  if (state.status === 'done') {
    if (state.matches('signingOut')) return [navigateEvent(LOGOUT_PATH)];
    if (state.matches('complete')) return [navigateEvent(AFTER_ONBOARDING_PATH, true)];
    const leaving = state.context.request?.step ? STEP_PAGES_ELSEWHERE_PATH : AFTER_ONBOARDING_PATH;
    return [navigateEvent(leaving, true)];
  }
  const { screen } = planOnboardingStep(path, index);
  if (screen.shows !== 'step') return [];
  if (event.type === 'VISIT') return [navigateEvent(screen.path, true)];
  if (before.context.step === state.context.step) return [];
  const movedItself = screen.arrival === 'advanced' || screen.arrival === 'returned';
  return [navigateEvent(screen.path, !movedItself)];
}

/** The context a step shows, without the address the chart last heard of (the paths merge it). */
function shown(snapshot: OnboardingSnapshot) {
  const { request: _request, ...rest } = snapshot.context;
  return rest;
}

describe('onboarding chart paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('covers every state and every transition of the chart: each step, each guard, each redirect', () => {
    const coverage = expectFullCoverage(onboardingPathModel, paths);
    expect(coverage.states.total).toBeGreaterThanOrEqual(24);
    // VISIT: the same step, 5 "shown as asked", 4 "redirected to the current step", the phone fallback.
    const visitsTaken = new Set(
      paths.flatMap((p) =>
        p.steps.flatMap((s) => s.transitions.filter((t) => t.startsWith('onboarding|VISIT|'))),
      ),
    );
    expect(visitsTaken.size).toBe(11);
  });

  it('reaches every step both as asked and by redirect, and each step it moves on to', () => {
    const reached = new Set(
      paths.flatMap((p) =>
        p.steps
          .filter((s) => s.state.context.step)
          .map((s) => `${s.state.context.step} ${s.state.context.arrival}`),
      ),
    );
    for (const step of ['userName', 'companyDetails', 'phone', 'verifyPhone', 'trial'])
      expect(reached, step).toContain(`${step} visited`);
    for (const step of ['userName', 'companyDetails', 'phone', 'verifyPhone', 'trial'])
      expect(reached, step).toContain(`${step} redirected`);
    for (const step of ['companyDetails', 'phone', 'verifyPhone', 'trial'])
      expect(reached, step).toContain(`${step} advanced`);
    for (const step of ['userName', 'companyDetails', 'phone'])
      expect(reached, step).toContain(`${step} returned`);
  });

  it('numbers paths 1..n, each one a readable story, the same every time', () => {
    expectNumberedStories(onboardingPathModel, paths, /undefined|\[object Object\]| \? /);
    expect(generatePaths(onboardingPathModel).map((p) => describePath(onboardingPathModel, p))).toEqual(
      paths.map((p) => describePath(onboardingPathModel, p)),
    );
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s replays on the real machine, with the calls and events the step calls for',
    async (_name, path) => {
      const trackSignupStarted = vi.fn();
      const trackNamePrefilled = vi.fn();
      const refreshSessionLater = vi.fn();
      const navigations: NavigateEvent[] = [];
      const actor = await replayPath(onboardingPathModel, path, {
        advance: (ms) => vi.advanceTimersByTimeAsync(ms),
        provide: { actions: { trackSignupStarted, trackNamePrefilled, refreshSessionLater } },
        onStep: ({ index, step, snapshot, actor: running }) => {
          const expected = step.state as OnboardingSnapshot;
          const actual = snapshot as OnboardingSnapshot;
          expect(actual.value).toEqual(expected.value);
          expect(shown(actual)).toEqual(shown(expected));

          // The chart says where the address goes (the start's own is checked below, on its own).
          if (index === 0) running.on('navigate', (event: NavigateEvent) => navigations.push(event));
          else expect(navigations, 'where the address goes').toEqual(expectedNavigation(path, index));
          navigations.length = 0;

          const type = step.event.type;
          const before = path.steps[index - 1]?.state as OnboardingSnapshot | undefined;
          const loaded = type === 'xstate.done.actor.loadStatus' && !actual.context.status?.isSignupComplete;
          expect(trackSignupStarted, 'sign-up started goes out when onboarding opens').toHaveBeenCalledTimes(
            loaded ? 1 : 0,
          );
          const prefilled =
            actual.matches('userName') &&
            !before?.context.namePrefillTracked &&
            actual.context.namePrefillTracked;
          if (prefilled)
            expect(trackNamePrefilled).toHaveBeenCalledWith(expect.anything(), { name: PATHS_NAME });
          else expect(trackNamePrefilled).not.toHaveBeenCalled();
          expect(refreshSessionLater).toHaveBeenCalledTimes(type === 'xstate.done.actor.saveCompany' ? 1 : 0);
          for (const spy of [trackSignupStarted, trackNamePrefilled, refreshSessionLater]) spy.mockClear();

          // What each call is asked.
          const children = actual.children as Record<
            string,
            { getSnapshot(): { input?: unknown } } | undefined
          >;
          if (children.saveUserName)
            expect(children.saveUserName.getSnapshot().input).toEqual({ name: PATHS_NAME });
          if (children.saveCompany) expect(children.saveCompany.getSnapshot().input).toEqual(pathsCompany);
          if (children.sendCode)
            expect(children.sendCode.getSnapshot().input).toEqual({
              phoneNumber: PATHS_PHONE,
              userId: PATHS_USER_ID,
              isResend: false,
            });
          if (children.phoneVerification) {
            const input = children.phoneVerification.getSnapshot().input as {
              phoneNumber: string;
              sent: unknown;
            };
            expect(input.phoneNumber).toBe(actual.context.phoneNumber);
            // The code this page sent, else the one the loaded status says is pending.
            const known = [actual.context.sent, actual.context.status?.pendingVerification];
            expect(input.sent).toEqual(
              known.some((sent) => sent?.phoneNumber === input.phoneNumber) ? firstCodeSent : null,
            );
          }
        },
      });
      expect(actor.getSnapshot().status).toBe(path.steps.at(-1)!.state.status);
      actor.stop();
    },
  );
});

type Expectation = OnboardingStep | `${OnboardingStep} redirected`;

/**
 * Spec §2, written out: for each status the server may answer, where each address leads. A step
 * opens when it is current or the steps before it are done; verify-phone while phone (or verify-phone)
 * is current and a number is known; anything else goes to the current step's page.
 */
const table: Array<[keyof typeof onboardingStatuses, Record<string, Expectation>]> = [
  [
    'fresh',
    {
      '/onboarding': 'userName redirected',
      userName: 'userName',
      companyDetails: 'userName redirected',
      phone: 'userName redirected',
      'verifyPhone?': 'userName redirected',
      'verifyPhone?ours': 'userName redirected',
      'verifyPhone?other': 'userName redirected',
      trial: 'userName redirected',
    },
  ],
  [
    'named',
    {
      '/onboarding': 'companyDetails redirected',
      userName: 'userName',
      companyDetails: 'companyDetails',
      phone: 'companyDetails redirected',
      'verifyPhone?': 'companyDetails redirected',
      'verifyPhone?ours': 'companyDetails redirected',
      'verifyPhone?other': 'companyDetails redirected',
      trial: 'companyDetails redirected',
    },
  ],
  [
    'withCompany',
    {
      '/onboarding': 'phone redirected',
      userName: 'userName',
      companyDetails: 'companyDetails',
      phone: 'phone',
      'verifyPhone?': 'phone redirected',
      'verifyPhone?ours': 'verifyPhone',
      'verifyPhone?other': 'verifyPhone',
      trial: 'phone redirected',
    },
  ],
  [
    'codeSent',
    {
      '/onboarding': 'verifyPhone redirected',
      userName: 'userName',
      companyDetails: 'companyDetails',
      phone: 'phone',
      'verifyPhone?': 'verifyPhone',
      'verifyPhone?ours': 'verifyPhone',
      'verifyPhone?other': 'verifyPhone',
      trial: 'verifyPhone redirected',
    },
  ],
  [
    'phoneVerified',
    {
      '/onboarding': 'trial redirected',
      userName: 'userName',
      companyDetails: 'companyDetails',
      phone: 'phone',
      'verifyPhone?': 'trial redirected',
      'verifyPhone?ours': 'trial redirected',
      'verifyPhone?other': 'trial redirected',
      trial: 'trial',
    },
  ],
];

function visitName(request: StepRequest): string {
  if (request.step === null) return '/onboarding';
  if (request.step !== 'verifyPhone') return request.step;
  return `verifyPhone?${request.phone === PATHS_PHONE ? 'ours' : request.phone === OTHER_PHONE ? 'other' : ''}`;
}

function loadingWith(status: OnboardingStatus, request: StepRequest, needsOnboarding = true) {
  const machine = onboardingMachine.provide({ actors: { loadStatus: fromPromise(async () => status) } });
  return createActor(machine, { input: { request, needsOnboarding, userId: PATHS_USER_ID } }).start();
}

function outcome(snapshot: OnboardingSnapshot): string {
  const { step, arrival } = snapshot.context;
  return arrival === 'redirected' ? `${step} redirected` : `${step}`;
}

describe('onboarding chart: spec §2 reachability, every status × every address', () => {
  for (const [statusName, expected] of table) {
    const status = onboardingStatuses[statusName];
    for (const visit of visits) {
      const request = { step: visit.step, phone: visit.phone };
      const name = visitName(request);
      it(`${statusName}: opening ${name} shows ${expected[name]}`, async () => {
        const actor = loadingWith(status, request);
        const end = await waitFor(actor, (s) => !s.matches('loading'));
        expect(outcome(end)).toBe(expected[name]);
        if (end.context.step === 'verifyPhone')
          expect(end.context.phoneNumber).toBe(request.phone === OTHER_PHONE ? OTHER_PHONE : PATHS_PHONE);
        actor.stop();
      });
      it(`${statusName}: going to ${name} from the current step shows ${expected[name]}`, async () => {
        const actor = loadingWith(status, { step: null, phone: null });
        await waitFor(actor, (s) => !s.matches('loading'));
        actor.send(visit);
        expect(outcome(actor.getSnapshot()).replace(' redirected', '')).toBe(
          expected[name]!.replace(' redirected', ''),
        );
        actor.stop();
      });
    }
  }

  it('a finished sign-up, or a session that needs no onboarding, ends at once', async () => {
    // The session said onboarding was needed: it is checked again first (the default check passes).
    const complete = loadingWith(onboardingStatuses.complete, { step: 'trial', phone: null });
    expect((await waitFor(complete, (s) => !s.matches('loading'))).value).toBe('confirmingSession');
    expect((await waitFor(complete, (s) => s.status === 'done')).value).toBe('notNeeded');
    const notNeeded = loadingWith(onboardingStatuses.fresh, { step: null, phone: null }, false);
    expect(notNeeded.getSnapshot().value).toBe('notNeeded');
  });

  it('a session that needs no onboarding leaves at once: /onboarding for the WhatsApp page, a step for /home', () => {
    for (const [request, leaving] of [
      [{ step: null, phone: null }, AFTER_ONBOARDING_PATH],
      [{ step: 'phone', phone: null }, STEP_PAGES_ELSEWHERE_PATH],
    ] as const) {
      const actor = createActor(onboardingMachine, {
        input: { request, needsOnboarding: false, userId: PATHS_USER_ID },
      });
      const navigations: NavigateEvent[] = [];
      actor.on('navigate', (event) => navigations.push(event));
      actor.start();
      expect(navigations).toEqual([navigateEvent(leaving, true)]);
    }
  });

  it('an address that redirects to the step on screen leaves it as it is: a save under way goes on', async () => {
    const machine = onboardingMachine.provide({
      actors: {
        loadStatus: fromPromise(async () => onboardingStatuses.named),
        // Never answers: the save stays under way.
        saveCompany: fromPromise(() => new Promise<OnboardingStatus>(() => {})),
      },
    });
    const actor = createActor(machine, {
      input: {
        request: { step: 'companyDetails', phone: null },
        needsOnboarding: true,
        userId: PATHS_USER_ID,
      },
    }).start();
    await waitFor(actor, (s) => s.matches('companyDetails'));
    actor.send({ type: 'SUBMIT_COMPANY', company: pathsCompany });
    const saving = actor.getSnapshot().children.saveCompany;
    expect(saving).toBeDefined();

    // The browser's Forward to a step not open yet: redirected to the company step, already shown.
    actor.send({ type: 'VISIT', step: 'trial', phone: null });
    const after = actor.getSnapshot();
    expect(after.value).toEqual({ companyDetails: 'submitting' });
    expect(after.children.saveCompany).toBe(saving);
    expect(after.context.arrival).toBe('redirected');
    expect(after.context.request).toEqual({ step: 'trial', phone: null });
    actor.stop();
  });

  it('a number in the address is read however it is written', async () => {
    const actor = loadingWith(onboardingStatuses.withCompany, {
      step: 'verifyPhone',
      phone: '+55 (11) 98765-4321',
    });
    const end = await waitFor(actor, (s) => !s.matches('loading'));
    expect(end.context.step).toBe('verifyPhone');
    expect(end.context.phoneNumber).toBe(PATHS_PHONE);
    const junk = loadingWith(onboardingStatuses.withCompany, { step: 'verifyPhone', phone: '1234' });
    expect(outcome(await waitFor(junk, (s) => !s.matches('loading')))).toBe('phone redirected');
  });
});

describe('onboarding chart: the code step counts down to the latest send', () => {
  /** A pending code sent earlier (before this page was loaded), as the status tells it. */
  const earlierSend = {
    phoneNumber: PATHS_PHONE,
    expiresAt: '2030-01-15T12:09:00.000Z',
    resendAvailableAt: '2030-01-15T12:00:30.000Z',
  };
  const resend = {
    phoneNumber: PATHS_PHONE,
    expiresAt: '2030-01-15T12:20:00.000Z',
    resendAvailableAt: '2030-01-15T12:11:00.000Z',
  };
  const pendingStatus: OnboardingStatus = statusAfterCodeSent(onboardingStatuses.withCompany, earlierSend);

  function codeStepTimes(snapshot: OnboardingSnapshot) {
    const child = snapshot.children.phoneVerification as PhoneVerificationActor | undefined;
    const context = child?.getSnapshot().context;
    return context && { expiresAt: context.expiresAt, resendAvailableAt: context.resendAvailableAt };
  }

  it('a reload on verify-phone starts from the pending code the status tells', async () => {
    const actor = loadingWith(pendingStatus, { step: 'verifyPhone', phone: null });
    const end = await waitFor(actor, (s) => !s.matches('loading'));
    expect(end.value).toBe('verifyPhone');
    expect(codeStepTimes(end)).toEqual({
      expiresAt: Date.parse(earlierSend.expiresAt),
      resendAvailableAt: Date.parse(earlierSend.resendAvailableAt),
    });
    actor.stop();
  });

  it('a code for another number than the pending one starts with no cooldown', async () => {
    const actor = loadingWith(pendingStatus, { step: 'verifyPhone', phone: OTHER_PHONE });
    const end = await waitFor(actor, (s) => !s.matches('loading'));
    expect(codeStepTimes(end)).toEqual({ expiresAt: null, resendAvailableAt: null });
    actor.stop();
  });

  it('after a resend, going to the phone step and back keeps the resend’s times', async () => {
    // Past the earlier send's cooldown, so the code step offers another code at once.
    vi.useFakeTimers({ now: Date.parse('2030-01-15T12:01:00.000Z'), toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const machine = onboardingMachine.provide({
      actors: {
        loadStatus: fromPromise(async () => pendingStatus),
        phoneVerification: phoneVerificationMachine.provide({
          actors: { sendCode: fromPromise<CodeSent, SendCodeInput>(async () => resend) },
        }),
      },
    });
    const actor = createActor(machine, {
      input: { request: { step: 'verifyPhone', phone: null }, needsOnboarding: true, userId: PATHS_USER_ID },
    }).start();
    await waitFor(actor, (s) => s.matches('verifyPhone'));
    const child = actor.getSnapshot().children.phoneVerification as PhoneVerificationActor;
    // The cooldown is over by the code step's clock: another code is asked for.
    await waitFor(child, (s) => s.matches({ active: { resend: 'available' } }));
    child.send({ type: 'RESEND' });
    await waitFor(child, (s) => s.context.resent);

    actor.send({ type: 'VISIT', step: 'phone', phone: null });
    expect(actor.getSnapshot().value).toEqual({ phone: 'editing' });
    expect(actor.getSnapshot().context.status?.pendingVerification).toEqual(resend);
    actor.send({ type: 'VISIT', step: 'verifyPhone', phone: PATHS_PHONE });
    expect(codeStepTimes(actor.getSnapshot())).toEqual({
      expiresAt: Date.parse(resend.expiresAt),
      resendAvailableAt: Date.parse(resend.resendAvailableAt),
    });
    actor.stop();
  });
});

describe('onboarding chart: a way back and a way out', () => {
  function at(status: OnboardingStatus, request: StepRequest, actors = {}) {
    const machine = onboardingMachine.provide({
      actors: { loadStatus: fromPromise(async () => status), ...actors },
    });
    return createActor(machine, { input: { request, needsOnboarding: true, userId: PATHS_USER_ID } }).start();
  }

  it('"Voltar" leads one step back, to what was saved; the company sent again moves on as before', async () => {
    const savedAgain: OnboardingStatus[] = [];
    const actor = at(
      onboardingStatuses.withCompany,
      { step: 'phone', phone: null },
      {
        saveCompany: fromPromise<OnboardingStatus, CompanyDetails>(async ({ input }) => {
          savedAgain.push({ ...onboardingStatuses.withCompany, company: { ...input } });
          return savedAgain.at(-1)!;
        }),
      },
    );
    await waitFor(actor, (s) => s.matches('phone'));
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toEqual({ companyDetails: 'editing' });
    expect(actor.getSnapshot().context.arrival).toBe('returned');
    expect(actor.getSnapshot().context.status?.company).toEqual(pathsCompany);
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toEqual({ userName: 'editing' });
    expect(actor.getSnapshot().can({ type: 'BACK' })).toBe(false);

    actor.send({ type: 'VISIT', step: 'companyDetails', phone: null });
    actor.send({ type: 'SUBMIT_COMPANY', company: { ...pathsCompany, name: 'Doces e Bolos da Bia' } });
    await waitFor(actor, (s) => s.matches('phone'));
    expect(savedAgain.map((status) => status.company?.name)).toEqual(['Doces e Bolos da Bia']);
    expect(actor.getSnapshot().context.arrival).toBe('advanced');
    actor.stop();
  });

  it('back from the trial to the phone: the number already verified goes on without a code', async () => {
    const sendCode = vi.fn(async () => firstCodeSent);
    const actor = at(
      onboardingStatuses.phoneVerified,
      { step: 'trial', phone: null },
      {
        sendCode: fromPromise(sendCode),
        loadFreeTrial: fromPromise(() => new Promise<never>(() => {})),
      },
    );
    await waitFor(actor, (s) => s.matches('trial'));
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toEqual({ phone: 'editing' });
    actor.send({ type: 'SUBMIT_PHONE', phoneNumber: PATHS_PHONE });
    expect(actor.getSnapshot().value).toEqual({ trial: 'loadingOffer' });
    expect(actor.getSnapshot().context.arrival).toBe('advanced');
    expect(sendCode).not.toHaveBeenCalled();

    // Another number is a new one to verify.
    actor.send({ type: 'BACK' });
    actor.send({ type: 'SUBMIT_PHONE', phoneNumber: OTHER_PHONE });
    expect(actor.getSnapshot().value).toEqual({ phone: 'sending' });
    actor.stop();
  });

  it('"Sair" leaves for /logout from any step, a call under way included', async () => {
    for (const [status, request] of [
      [onboardingStatuses.fresh, { step: null, phone: null }],
      [onboardingStatuses.named, { step: 'companyDetails', phone: null }],
      [onboardingStatuses.codeSent, { step: 'verifyPhone', phone: null }],
      [onboardingStatuses.phoneVerified, { step: 'trial', phone: null }],
    ] as const) {
      const actor = at(status, request, {
        loadFreeTrial: fromPromise(() => new Promise<never>(() => {})),
      });
      await waitFor(actor, (s) => !s.matches('loading'));
      actor.send({ type: 'SIGN_OUT' });
      expect(actor.getSnapshot().value).toBe('signingOut');
      expect(actor.getSnapshot().status).toBe('done');
    }
    const loading = createActor(onboardingMachine, {
      input: { request: { step: null, phone: null }, needsOnboarding: true, userId: PATHS_USER_ID },
    }).start();
    loading.send({ type: 'SIGN_OUT' });
    expect(loading.getSnapshot().value).toBe('signingOut');
  });

  it('verify-phone opened directly, with no code pending for the number: the code step starts with none sent', async () => {
    const none = at(onboardingStatuses.withCompany, { step: 'verifyPhone', phone: PATHS_PHONE });
    const opened = await waitFor(none, (s) => s.matches('verifyPhone'));
    const child = opened.children.phoneVerification as PhoneVerificationActor;
    expect(child.getSnapshot().matches('unsent')).toBe(true);
    none.stop();

    const pending = at(onboardingStatuses.codeSent, { step: 'verifyPhone', phone: PATHS_PHONE });
    const reopened = await waitFor(pending, (s) => s.matches('verifyPhone'));
    const code = reopened.children.phoneVerification as PhoneVerificationActor;
    expect(code.getSnapshot().matches('active')).toBe(true);
    pending.stop();
  });
});
