import type { AnalyticsCommand } from '../../../../contracts/analytics';
import type { ScriptLoader } from '../load-script';
import type { AnalyticsAdapter } from './analytics-adapter';

type Clarity = ((...args: unknown[]) => void) & { q?: unknown[][] };

declare global {
  interface Window {
    clarity?: Clarity;
  }
}

/** Heatmap (Microsoft Clarity): records pages by itself; told who the user is and the events. */
export function heatmapAdapter(
  { id, url }: { id: string; url: string },
  loadScript: ScriptLoader,
): AnalyticsAdapter {
  return {
    async load() {
      // Clarity's own stub: calls made before its script runs wait in `q`.
      window.clarity ??= Object.assign(
        (...args: unknown[]) => {
          const stub = window.clarity!;
          stub.q ??= [];
          stub.q.push(args);
        },
        { q: [] as unknown[][] },
      );
      await loadScript(`${url}/tag/${encodeURIComponent(id)}`);
    },
    deliver(command: AnalyticsCommand) {
      if (command.kind === 'identify')
        window.clarity?.('identify', command.identity.id, undefined, undefined, command.identity.name);
      else if (command.kind === 'track') window.clarity?.('event', command.event.name);
    },
  };
}
