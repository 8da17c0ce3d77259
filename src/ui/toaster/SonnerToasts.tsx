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
import type { ToastEntry } from '../../../machines/toasts/toaster.machine';
import { ToastMirror } from './ToastMirror';

let toasters = 0;

/** The spec's offset, measured from the top of the phone's bottom navigation bar when there is one. */
const clearOf = (offsetPx: number) => `calc(${offsetPx}px + var(--toast-clearance, 0px))`;

export interface SonnerToastsProps {
  entries: ToastEntry[];
  theme: 'light' | 'dark';
}

/**
 * sonner drawing the toasts the toaster chart reveals. Its own chunk, loaded with the first toast:
 * most visits show none, and sonner is a tenth of the first visit's JavaScript.
 */
export default function SonnerToasts({ entries, theme }: SonnerToastsProps) {
  // Our toasts carry this toaster's id, so sonner toasts made elsewhere never mix in.
  const [toasterId] = useState(() => `fechai-toaster-${++toasters}`);

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
