import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { billingQueryKeys } from '../../src/lib/billing/billing-query-keys';
import { settle } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { openSignedIn } from './support/signed-in';

const CONFIRMED = 'Pagamento confirmado! Sua assinatura está ativa.';

function paymentToast(id: string) {
  return document.querySelector(`[data-testid="toast-payment-${id}"]`);
}

describe('/home?paymentsuccess=… (the checkout’s return)', () => {
  withPagesPreloaded();

  test('a success toast, the session and the billing data read again, the parameter gone from the address', async () => {
    const app = openSignedIn('/home?paymentsuccess=cs_test_a1b2c3');
    app.queryClient.setQueryData(billingQueryKeys.subscription, { subscription: null });
    await settle();

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Início');
    const shown = paymentToast('cs_test_a1b2c3');
    expect(shown?.getAttribute('data-type')).toBe('success');
    expect(shown?.querySelector('[data-title]')?.textContent).toBe(CONFIRMED);
    // Replaced, not pushed: Back does not bring the parameter (and the toast) again.
    expect(app.location.history).toEqual(['/home']);
    expect(app.server.session.requests).toHaveLength(2);
    expect(app.queryClient.getQueryState(billingQueryKeys.subscription)?.isInvalidated).toBe(true);
  });

  test('other parameters stay in the address', async () => {
    const app = openSignedIn('/home?paymentsuccess=cs_test_9&origem=email');
    await settle();
    expect(app.location.history).toEqual(['/home?origem=email']);
    expect(paymentToast('cs_test_9')).not.toBeNull();
  });

  test('without the parameter: no toast, no second session check', async () => {
    const app = openSignedIn('/home');
    await settle();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Início');
    expect(document.querySelector('[data-testid^="toast-payment-"]')).toBeNull();
    expect(screen.queryByText(CONFIRMED)).toBeNull();
    expect(app.server.session.requests).toHaveLength(1);
  });
});
