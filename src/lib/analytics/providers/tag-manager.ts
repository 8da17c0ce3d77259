import type { AnalyticsCommand } from '../../../../contracts/analytics';
import type { ScriptLoader } from '../load-script';
import type { AnalyticsAdapter } from './analytics-adapter';
import { PIXEL_EVENTS } from './pixel-events';

type DataLayer = Array<Record<string, unknown>>;
type Pixel = (command: 'trackCustom', name: string, properties: Record<string, unknown>) => void;

declare global {
  interface Window {
    dataLayer?: DataLayer;
    /** The advertising pixel (Meta's fbq), put on the page by the tag manager's container. */
    fbq?: Pixel;
  }
}

/**
 * Tag manager (Google Tag Manager): every page view, event and identity goes to the data layer;
 * the four events of spec §1, and only those, also go to the advertising pixel.
 */
export function tagManagerAdapter(
  { id, url }: { id: string; url: string },
  loadScript: ScriptLoader,
): AnalyticsAdapter {
  const dataLayer = (): DataLayer => {
    window.dataLayer ??= [];
    return window.dataLayer;
  };
  return {
    async load() {
      dataLayer().push({ 'gtm.start': Date.now(), event: 'gtm.js' });
      await loadScript(`${url}/gtm.js?id=${encodeURIComponent(id)}`);
    },
    deliver(command: AnalyticsCommand) {
      switch (command.kind) {
        case 'page':
          dataLayer().push({
            event: 'page_view',
            page_location: new URL(command.view.url, window.location.origin).href,
            page_referrer: command.view.referrer ?? document.referrer,
          });
          return;
        case 'track':
          dataLayer().push({ event: command.event.name, ...command.event.properties });
          if (PIXEL_EVENTS.has(command.event.name))
            window.fbq?.('trackCustom', command.event.name, command.event.properties);
          return;
        case 'identify':
          dataLayer().push({ event: 'identify', user_id: command.identity.id });
          return;
        case 'reset':
          dataLayer().push({ event: 'reset', user_id: null });
      }
    },
  };
}
