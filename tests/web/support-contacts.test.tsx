import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { paidSubscription } from '../../machines/checkout/renewal.paths';
import { clientDefaults, clientDefines } from '../../scripts/client-defines';
import {
  ASSISTANT_GREETING,
  ASSISTANT_PHONE,
  assistantChatUrl,
  SUPPORT_GREETING,
  SUPPORT_PHONE,
  supportChatUrl,
} from '../../src/lib/support/support-contacts';
import { fakeBillingRoutes } from './support/billing-api';
import { ok, settleQueries } from './support/fake-api';
import { withHomePagesPreloaded } from './support/home-api';
import { fakeSettingsRoutes, settingsUser } from './support/settings-api';
import { openSignedIn } from './support/signed-in';

describe('support and assistant numbers (spec §9: constants, set at build time)', () => {
  test('unset, the defaults are baked in', () => {
    expect(SUPPORT_PHONE).toBe(clientDefaults.SUPPORT_PHONE);
    expect(ASSISTANT_PHONE).toBe(clientDefaults.ASSISTANT_PHONE);
    const defines = clientDefines({});
    expect(defines.__SUPPORT_PHONE__).toBe(JSON.stringify(clientDefaults.SUPPORT_PHONE));
    expect(defines.__ASSISTANT_PHONE__).toBe(JSON.stringify(clientDefaults.ASSISTANT_PHONE));
  });

  test('SUPPORT_PHONE and ASSISTANT_PHONE as people write them become wa.me digits', () => {
    const defines = clientDefines({
      SUPPORT_PHONE: '+55 (21) 99876-5432',
      ASSISTANT_PHONE: ' 1 415 555 0100 ',
    });
    expect(defines.__SUPPORT_PHONE__).toBe('"5521998765432"');
    expect(defines.__ASSISTANT_PHONE__).toBe('"14155550100"');
  });

  test.each(['SUPPORT_PHONE', 'ASSISTANT_PHONE'])(
    '%s that is not a phone number stops the build, naming it',
    (name) => {
      expect(() => clientDefines({ [name]: '(11) 9876-abc' })).toThrow(name);
      expect(() => clientDefines({ [name]: '0800 123' })).toThrow(name);
    },
  );

  test('the chats open with a greeting typed in', () => {
    expect(supportChatUrl()).toBe(
      `https://wa.me/${SUPPORT_PHONE}?text=${encodeURIComponent(SUPPORT_GREETING)}`,
    );
    expect(assistantChatUrl()).toBe(
      `https://wa.me/${ASSISTANT_PHONE}?text=${encodeURIComponent(ASSISTANT_GREETING)}`,
    );
    expect(decodeURIComponent(new URL(supportChatUrl()).searchParams.get('text') ?? '')).toBe(
      'Olá! Uso o Fechaí e preciso de ajuda.',
    );
  });
});

describe('"Falar com o suporte" in the settings', () => {
  withHomePagesPreloaded(['/settings']);

  test('below the settings areas, a WhatsApp chat with support in a new tab; the areas unchanged', async () => {
    const billing = fakeBillingRoutes({ subscription: ok({ subscription: paidSubscription() }) });
    const settings = fakeSettingsRoutes({ user: ok({ getUser: settingsUser() }) });
    openSignedIn('/settings', { routes: [billing.routes, settings.routes] });
    await settleQueries();

    const support = screen.getByRole('link', {
      name: 'Falar com o suporte (abre o WhatsApp em uma nova aba)',
    });
    expect(support.getAttribute('href')).toBe(supportChatUrl());
    expect(support.getAttribute('target')).toBe('_blank');
    expect(support.getAttribute('rel')).toBe('noopener noreferrer');
    expect(support.getAttribute('aria-describedby')).toBeTruthy();
    const hint = document.getElementById(support.getAttribute('aria-describedby')!);
    expect(hint?.textContent).toBe('Tire suas dúvidas pelo WhatsApp');
    const menu = screen.getByRole('navigation', { name: 'Áreas de configuração' });
    expect(within(menu).queryByRole('link', { name: /suporte/ })).toBeNull();
    // The owner's areas: the seven of spec §2 and the team (issue 15).
    expect(within(menu).getAllByRole('link')).toHaveLength(8);
  });
});
