import { act } from '@testing-library/react';
import { describe, it } from 'vitest';
import { paymentReturnPathModel } from '../../machines/payment-return/payment-return.paths';
import { generatePaths, walkPath } from '../support/chart-paths';
import {
  actPaymentReturnStep,
  checkPaymentReturnStep,
  type PaymentReturnServer,
} from '../support/drivers/payment-return.driver';
import { jsdomSurface } from '../support/ui/jsdom-surface';
import { settleQueries } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { openSignedIn } from './support/signed-in';

const paths = generatePaths(paymentReturnPathModel);

describe('/home?paymentsuccess=…: payment return chart paths, as the user sees them', () => {
  withPagesPreloaded();

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      let app: ReturnType<typeof openSignedIn> | undefined;
      const server: PaymentReturnServer = {
        async open(url) {
          app = openSignedIn(url);
          await settleQueries();
        },
      };
      const ui = jsdomSurface({
        url: () => app?.url(),
        open: (url) => act(() => app!.location.navigate(url)),
      });
      await walkPath(paymentReturnPathModel, path, {
        act: (index) => actPaymentReturnStep(ui, server, path, index),
        check: (index) => checkPaymentReturnStep(ui, path, index),
      });
      app?.unmount();
    },
  );
});
