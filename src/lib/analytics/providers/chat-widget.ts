import type { AnalyticsCommand } from '../../../../contracts/analytics';
import type { ScriptLoader } from '../load-script';
import type { AnalyticsAdapter } from './analytics-adapter';

type Intercom = ((...args: unknown[]) => void) & { q?: unknown[][] };

declare global {
  interface Window {
    Intercom?: Intercom;
    intercomSettings?: Record<string, unknown>;
  }
}

/**
 * Chat widget (Intercom), launcher hidden (spec §4): it only learns who the signed-in user is, and
 * forgets them on sign-out.
 */
export function chatWidgetAdapter(
  { appId, url }: { appId: string; url: string },
  loadScript: ScriptLoader,
): AnalyticsAdapter {
  const settings = { app_id: appId, hide_default_launcher: true };
  const intercom = (...args: unknown[]) => window.Intercom?.(...args);
  return {
    async load() {
      window.intercomSettings = settings;
      // Intercom's own stub: calls made before its script runs wait in `q`.
      window.Intercom ??= Object.assign(
        (...args: unknown[]) => {
          const stub = window.Intercom!;
          stub.q ??= [];
          stub.q.push(args);
        },
        { q: [] as unknown[][] },
      );
      await loadScript(`${url}/widget/${encodeURIComponent(appId)}`);
      intercom('boot', settings);
    },
    deliver(command: AnalyticsCommand) {
      if (command.kind === 'identify') {
        const { id, email, name, properties } = command.identity;
        intercom('update', { ...settings, user_id: id, email, name, phone: properties.phone });
      } else if (command.kind === 'reset') {
        intercom('shutdown');
        intercom('boot', settings);
      }
    },
  };
}
