import { useSelector } from '@xstate/react';
import { type ComponentType, useEffect, useRef, useSyncExternalStore } from 'react';
import { revealedToasts, type ToastEntry } from '../../../machines/toasts/toaster.machine';
import type { ThemeStore } from '../../lib/theme/theme-store';
import { useTheme } from '../../lib/theme/useTheme';
import { appToaster, type ToasterActor } from '../../lib/toasts';
import type { SonnerToastsProps } from './SonnerToasts';
import { useToasterHold } from './useToasterHold';

const sameEntries = (a: ToastEntry[], b: ToastEntry[]) =>
  a.length === b.length && a.every((entry, i) => entry.key === b[i]!.key);

// sonner's chunk, fetched with the first toast and kept: a store so every toaster renders it once here.
let SonnerView: ComponentType<SonnerToastsProps> | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Fetches sonner's chunk once (the first toast does; view tests load it before they start). */
export function loadSonnerToasts(): Promise<void> {
  loading ??= import('./SonnerToasts').then(
    (module) => {
      SonnerView = module.default;
      for (const listener of listeners) listener();
    },
    () => {
      // Offline for a moment: the next toast asks again (the chart keeps its own timing meanwhile).
      loading = null;
    },
  );
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
const readView = () => SonnerView;

export interface AppToasterProps {
  /** The toaster actor to show; the app-wide one by default (tests pass their own). */
  toaster?: ToasterActor;
  /** The theme store to follow; the page's own by default (tests pass their own). */
  themeStore?: ThemeStore;
}

/**
 * The app's toasts (spec §2: bottom-center; §9 defaults). The toaster statechart decides which
 * toasts are on screen and for how long; sonner draws them, loaded with the first toast.
 */
export function AppToaster({ toaster = appToaster, themeStore }: AppToasterProps) {
  const entries = useSelector(toaster, (snapshot) => revealedToasts(snapshot.context), sameEntries);
  // The theme store's resolved theme. The toaster is always mounted, so it also keeps the page's
  // store subscribed: "system" follows the OS and a choice made in another tab on every page.
  const theme = useTheme(themeStore).resolved;
  const area = useRef<HTMLDivElement>(null);
  useToasterHold(toaster, area, entries.length === 0);
  const View = useSyncExternalStore(subscribe, readView, readView);
  const anyToast = entries.length > 0;
  useEffect(() => {
    if (anyToast) void loadSonnerToasts();
  }, [anyToast]);

  return (
    <div ref={area} data-app-toaster="" style={{ display: 'contents' }}>
      {View && <View entries={entries} theme={theme} />}
    </div>
  );
}
