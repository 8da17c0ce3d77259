import { useSelector } from '@xstate/react';
import { type CSSProperties, type MouseEvent, useCallback, useRef, useState } from 'react';
import { Toaster } from 'sonner';
import {
  TOAST_DURATION_MS,
  TOAST_GAP_PX,
  TOAST_OFFSET_DESKTOP_PX,
  TOAST_OFFSET_MOBILE_PX,
  TOAST_VISIBLE_MAX,
  TOAST_WIDTH_PX,
} from '../../../machines/toasts/toast.defaults';
import { revealedToasts, type ToastEntry } from '../../../machines/toasts/toaster.machine';
import type { ThemeStore } from '../../lib/theme/theme-store';
import { useTheme } from '../../lib/theme/useTheme';
import { appToaster, type ToasterActor } from '../../lib/toasts';
import { ToastMirror } from './ToastMirror';
import { useToasterHold } from './useToasterHold';

const sameEntries = (a: ToastEntry[], b: ToastEntry[]) =>
  a.length === b.length && a.every((entry, i) => entry.key === b[i]!.key);

let toasters = 0;

/** The spec's offset, measured from the top of the phone's bottom navigation bar when there is one. */
const clearOf = (offsetPx: number) => `calc(${offsetPx}px + var(--toast-clearance, 0px))`;

export interface AppToasterProps {
  /** The toaster actor to show; the app-wide one by default (tests pass their own). */
  toaster?: ToasterActor;
  /** The theme store to follow; the page's own by default (tests pass their own). */
  themeStore?: ThemeStore;
}

/**
 * The app's toasts (spec §2: bottom-center; §9 defaults). The toaster statechart decides which
 * toasts are on screen and for how long; sonner draws them.
 */
export function AppToaster({ toaster = appToaster, themeStore }: AppToasterProps) {
  const entries = useSelector(toaster, (snapshot) => revealedToasts(snapshot.context), sameEntries);
  // The theme store's resolved theme. The toaster is always mounted, so it also keeps the page's
  // store subscribed: "system" follows the OS and a choice made in another tab on every page.
  const theme = useTheme(themeStore).resolved;
  // Our toasts carry this toaster's id, so sonner toasts made elsewhere never mix in.
  const [toasterId] = useState(() => `fechai-toaster-${++toasters}`);
  const area = useRef<HTMLDivElement>(null);
  useToasterHold(toaster, area, entries.length === 0);

  // sonner reports close-button and swipe dismissals alike; the click that precedes it tells them apart.
  const closeIntent = useRef(false);
  const noteClick = (event: MouseEvent) => {
    closeIntent.current = event.target instanceof Element && !!event.target.closest('[data-close-button]');
  };
  const closeClicked = useCallback(() => {
    const clicked = closeIntent.current;
    closeIntent.current = false;
    return clicked;
  }, []);

  return (
    <div
      ref={area}
      data-app-toaster=""
      style={{ display: 'contents' }}
      onClickCapture={noteClick}
      onPointerDownCapture={() => {
        closeIntent.current = false;
      }}
    >
      <Toaster
        id={toasterId}
        position="bottom-center"
        theme={theme}
        richColors
        closeButton
        duration={TOAST_DURATION_MS}
        visibleToasts={TOAST_VISIBLE_MAX}
        gap={TOAST_GAP_PX}
        offset={{ bottom: clearOf(TOAST_OFFSET_DESKTOP_PX) }}
        mobileOffset={{ bottom: clearOf(TOAST_OFFSET_MOBILE_PX) }}
        style={{ '--width': `${TOAST_WIDTH_PX}px` } as CSSProperties}
        containerAriaLabel="Notificações"
        toastOptions={{ closeButtonAriaLabel: 'Fechar notificação' }}
      />
      {entries.map((entry) => (
        <ToastMirror key={entry.key} entry={entry} toasterId={toasterId} closeClicked={closeClicked} />
      ))}
    </div>
  );
}
