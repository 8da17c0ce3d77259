import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configuredAnalyticsProviders } from '../contracts/analytics-providers';
import { App } from './app/App';
import { appRoutes } from './app/routing/routes';
import { attachAnalyticsClient } from './lib/analytics/analytics-link';
import { ANALYTICS } from './lib/build-config';
import { registerAppReferralCaptures } from './lib/referral/app-referral-captures';
import { matchAppRoute } from './lib/routing/match-route';
import './styles/tokens.css';
import './styles/base.css';
import './styles/page.css';
import './styles/card.css';
import './styles/form.css';
import './styles/list.css';
import './styles/badge.css';
import './styles/sheet.css';
import './styles/loading.css';
import './styles/status-icon.css';

// "/" runs them when the address carries parameters; each loads only then.
registerAppReferralCaptures();

const root = createRoot(document.getElementById('root')!);
const render = () =>
  root.render(
    <StrictMode>
      <App routes={appRoutes} />
    </StrictMode>,
  );

/**
 * Analytics starts once the first page is painted (the frame after it), in its own chunk: the
 * providers' SDKs never compete with the first paint, and what the app tracks meanwhile waits.
 * With no provider configured nothing is downloaded and, from then on, what the app tracks is
 * dropped (the analytics chart's START with none configured).
 */
function startAnalyticsAfterPaint() {
  requestAnimationFrame(() =>
    setTimeout(() => {
      if (configuredAnalyticsProviders(ANALYTICS).length === 0) {
        attachAnalyticsClient(() => {});
        return;
      }
      import('./lib/analytics/analytics-client')
        .then(({ startAnalytics }) => startAnalytics())
        .catch((error: unknown) => console.warn('[analytics] could not start', error));
    }, 0),
  );
}

// Download the first page's chunk before the first render, so the page paints once, complete,
// instead of a loading state first. A failed download renders anyway: the error view explains.
const first = matchAppRoute(appRoutes, location.pathname, location.search)?.route;
const renderFirst = () => {
  render();
  startAnalyticsAfterPaint();
};
if (first?.page) first.page.preload().then(renderFirst, renderFirst);
else renderFirst();
