import { screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import type { RemoteConfigText } from '../../contracts/remote-config';
import { formFollowUp, formTask } from '../../machines/task-form/task-form.paths';
import { DEFAULT_CHARGE_CREATION_URL } from '../../src/lib/remote-config/remote-config-defaults';
import { ASSISTANT_PHONE } from '../../src/lib/support/support-contacts';
import { failed, HeldCalls, ok, settleQueries } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { openSignedIn } from './support/signed-in';
import { fakeTaskRoutes, followUpAnswer } from './support/tasks-api';

const CONFIGURED_CHARGE_URL = 'https://nubank.com.br/empresas/cobrancas/?origem=fechai';
const CONFIGURED_WHY_URL = 'https://wa.me/5511900000009?text=Por%20que%20cobrar%3F';

/** The task detail with its charge card, GET /api/remote-config answered by `remote`. */
function openWithRemoteConfig(remote: HeldCalls) {
  const tasks = fakeTaskRoutes({
    detail: ok({ task: formTask(), showNubankWidget: true }),
    followUp: followUpAnswer(formFollowUp()),
  });
  const remoteRoute = (request: Request) =>
    new URL(request.url).pathname === '/api/remote-config' ? remote.receive(request) : undefined;
  openSignedIn('/tasks/t-ana', { routes: [tasks.routes, remoteRoute] });
}

function chargeLinks() {
  const card = screen.getByRole('region', { name: /^Cobrar / });
  return {
    charge: within(card).getByRole('link', { name: 'Cobrar com Nubank' }).getAttribute('href'),
    why: within(card).getByRole('link', { name: 'Por que cobrar pelo app do banco?' }).getAttribute('href'),
  };
}

const parameters = (text: RemoteConfigText) => ok({ parameters: text });

describe('the task detail’s charge links follow remote configuration (issue 16)', () => {
  withPagesPreloaded();

  test('the defaults until the configuration answers, then the configured links', async () => {
    const remote = new HeldCalls();
    openWithRemoteConfig(remote);
    await settleQueries();
    expect(chargeLinks()).toEqual({
      charge: DEFAULT_CHARGE_CREATION_URL,
      why: expect.stringMatching(new RegExp(`^https://wa\\.me/${ASSISTANT_PHONE}\\?text=`)),
    });
    expect(remote.requests.map((r) => new URL(r.url).pathname)).toEqual(['/api/remote-config']);

    remote.answer(
      parameters({
        charge_with_nu_uri_web: CONFIGURED_CHARGE_URL,
        why_charge_with_nu_uri: CONFIGURED_WHY_URL,
      }),
    );
    await settleQueries();
    expect(chargeLinks()).toEqual({ charge: CONFIGURED_CHARGE_URL, why: CONFIGURED_WHY_URL });
  });

  test('one link configured: that one changes, the other stays the default', async () => {
    openWithRemoteConfig(new HeldCalls(parameters({ charge_with_nu_uri_web: CONFIGURED_CHARGE_URL })));
    await settleQueries();
    expect(chargeLinks()).toEqual({
      charge: CONFIGURED_CHARGE_URL,
      why: expect.stringMatching(new RegExp(`^https://wa\\.me/${ASSISTANT_PHONE}\\?text=`)),
    });
  });

  test('a link that is not https keeps the default (logged only)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    openWithRemoteConfig(new HeldCalls(parameters({ charge_with_nu_uri_web: 'javascript:alert(1)' })));
    await settleQueries();
    expect(chargeLinks().charge).toBe(DEFAULT_CHARGE_CREATION_URL);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('charge_with_nu_uri_web'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('the configuration failing: the defaults, and nothing shown to the user', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    openWithRemoteConfig(new HeldCalls(failed(500, 'Falha interna.')));
    await settleQueries();
    expect(chargeLinks().charge).toBe(DEFAULT_CHARGE_CREATION_URL);
    expect(warn).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
