import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toasterPathModel } from '../../machines/toasts/toaster.paths';
import { appToaster } from '../../src/lib/toasts';
import { AppToaster } from '../../src/ui/toaster/AppToaster';
import { generatePaths, walkPath } from '../support/chart-paths';
import { toasterDriver } from '../support/drivers/toaster.driver';
import { jsdomSurface } from '../support/ui/jsdom-surface';
import { withToasterTestClock } from './support/toaster-clock';

const paths = generatePaths(toasterPathModel);

describe('toaster chart paths, as the user sees them', () => {
  withToasterTestClock();

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      // The app's own toaster and facade (window.__fechai.toasts), as the browser replay uses them.
      const view = render(<AppToaster />);
      const driver = toasterDriver(jsdomSurface({ url: () => '/' }));
      await walkPath(toasterPathModel, path, {
        act: (index) => driver.act(path, index),
        check: async (index) => {
          await driver.check(path, index);
          const { toasts, held } = appToaster.getSnapshot().context;
          const expected = path.steps[index]!.state.context;
          expect(toasts.map((t) => [t.id, t.revealed])).toEqual(
            expected.toasts.map((t) => [t.id, t.revealed]),
          );
          expect(held).toBe(expected.held);
        },
      });
      view.unmount();
    },
  );
});
