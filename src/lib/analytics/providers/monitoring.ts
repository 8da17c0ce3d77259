import type { AnalyticsCommand } from '../../../../contracts/analytics';
import { onClientError } from '../../error-tracking/report-client-error';
import { addErrorTransport } from '../../error-tracking/report-error';
import type { AnalyticsAdapter } from './analytics-adapter';

/** Spec §9: how the monitoring labels this app. */
export const MONITORING_SERVICE = 'fechai-web';
export const MONITORING_ENVIRONMENT = 'production';
export const MONITORING_VERSION = '2.0.0';
/** Spec §9: every session is monitored, one in five replayed, with what is typed masked. */
export const MONITORING_SESSION_SAMPLE_RATE = 1;
export const MONITORING_REPLAY_SAMPLE_RATE = 0.2;

type Sentry = typeof import('@sentry/react');
/** What the adapter uses of the SDK. */
export type MonitoringSdk = Pick<
  Sentry,
  | 'init'
  | 'browserTracingIntegration'
  | 'replayIntegration'
  | 'getClient'
  | 'captureException'
  | 'setUser'
  | 'addBreadcrumb'
>;

const downloadSdk = (): Promise<MonitoringSdk> => import('@sentry/react');

export interface MonitoringAdapter extends AnalyticsAdapter {
  /** The SDK is running (the chart looks every 50 ms). */
  isUp(): boolean;
}

/**
 * Monitoring and session replay (Sentry, `@sentry/react`, its own chunk after first paint). Once
 * running it also receives the tagged failures (customer create/update…, already de-duplicated by
 * the error tracker) and the screens' rendering errors, which keep going to our own server too.
 */
export function monitoringAdapter(
  { dsn }: { dsn: string },
  download: () => Promise<MonitoringSdk> = downloadSdk,
): MonitoringAdapter {
  let sentry: MonitoringSdk | undefined;
  return {
    async load() {
      const Sentry = await download();
      Sentry.init({
        dsn,
        environment: MONITORING_ENVIRONMENT,
        release: MONITORING_VERSION,
        initialScope: { tags: { service: MONITORING_SERVICE } },
        integrations: [
          Sentry.browserTracingIntegration(),
          Sentry.replayIntegration({ maskAllInputs: true, maskAllText: false, blockAllMedia: false }),
        ],
        tracesSampleRate: MONITORING_SESSION_SAMPLE_RATE,
        replaysSessionSampleRate: MONITORING_REPLAY_SAMPLE_RATE,
        replaysOnErrorSampleRate: 1,
      });
      sentry = Sentry;
      addErrorTransport((report) => {
        const error = Object.assign(new Error(report.message), report.stack ? { stack: report.stack } : {});
        Sentry.captureException(error, { tags: { tag: report.tag }, extra: { url: report.url } });
      });
      onClientError((error, componentStack) => {
        Sentry.captureException(
          error,
          componentStack ? { contexts: { react: { componentStack } } } : undefined,
        );
      });
    },
    isUp: () => sentry?.getClient() !== undefined,
    deliver(command: AnalyticsCommand) {
      if (!sentry) return;
      switch (command.kind) {
        case 'identify':
          sentry.setUser({
            id: command.identity.id,
            email: command.identity.email,
            username: command.identity.name,
          });
          return;
        case 'reset':
          sentry.setUser(null);
          return;
        case 'page':
          sentry.addBreadcrumb({
            category: 'navigation',
            data: { from: command.view.referrer, to: command.view.url },
          });
          return;
        case 'track':
          sentry.addBreadcrumb({
            category: 'analytics',
            message: command.event.name,
            data: command.event.properties,
          });
      }
    },
  };
}
