import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { type ExternalToast, toast as sonner } from 'sonner';
import type { DismissReason, ToastButton, ToastData } from '../../../machines/toasts/toast.types';
import type { ToastEntry } from '../../../machines/toasts/toaster.machine';

type Phase = 'waiting' | 'shown' | 'leaving';

interface MirrorView {
  phase: Phase;
  toast: ToastData;
}

function selectView(snapshot: ReturnType<ToastEntry['ref']['getSnapshot']>): MirrorView {
  const phase: Phase = snapshot.matches('queued')
    ? 'waiting'
    : snapshot.matches('shown')
      ? 'shown'
      : 'leaving';
  return { phase, toast: snapshot.context.toast };
}

const sameView = (a: MirrorView, b: MirrorView) => a.phase === b.phase && a.toast === b.toast;

let mirrors = 0;

export interface ToastMirrorProps {
  entry: ToastEntry;
  toasterId: string;
  /** Whether the dismissal sonner just reported came from the close button (otherwise a swipe). */
  closeClicked: () => boolean;
}

/**
 * Shows one toast actor through sonner. sonner only renders: the toast's duration there is
 * infinite because the chart owns the timing, and sonner's dismissals (close button, swipe,
 * buttons) are sent back to the chart.
 */
export function ToastMirror({ entry, toasterId, closeClicked }: ToastMirrorProps) {
  const [sonnerId] = useState(() => `fechai-toast-${++mirrors}`);
  const { phase, toast } = useSelector(entry.ref, selectView, sameView);

  useEffect(() => {
    if (phase === 'waiting') return;
    if (phase === 'leaving') {
      sonner.dismiss(sonnerId);
      return;
    }
    const dismiss = (reason: DismissReason) => {
      const event = { type: 'DISMISS', reason } as const;
      // sonner also reports dismissals the chart made itself, possibly after the toast ended.
      if (entry.ref.getSnapshot().can(event)) entry.ref.send(event);
    };
    const button = (b: ToastButton | undefined, reason: DismissReason) =>
      b && {
        label: b.label,
        onClick: () => {
          try {
            b.onClick?.();
          } finally {
            dismiss(reason);
          }
        },
      };
    const data: ExternalToast = {
      id: sonnerId,
      toasterId,
      testId: `toast-${toast.id}`,
      description: toast.description,
      duration: Number.POSITIVE_INFINITY,
      dismissible: toast.dismissible,
      action: button(toast.action, 'action'),
      cancel: button(toast.cancel, 'cancel'),
      // Close button and swipe; also called after a dismissal the chart made, which it then ignores.
      onDismiss: () => dismiss(closeClicked() ? 'close' : 'swipe'),
    };
    const render = {
      success: sonner.success,
      info: sonner.info,
      warning: sonner.warning,
      error: sonner.error,
      loading: sonner.loading,
      default: sonner.message,
    }[toast.type];
    render(toast.title, data);
  }, [phase, toast, sonnerId, toasterId, entry.ref, closeClicked]);

  // Gone from the toaster: make sure sonner lets go too.
  useEffect(() => () => void sonner.dismiss(sonnerId), [sonnerId]);

  return null;
}
