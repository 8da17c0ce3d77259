import { type ComponentProps, type ComponentType, useRef, useState } from 'react';
import { toast } from '../../../lib/toasts';
import './quick-task-fab.css';

type Host = ComponentType<ComponentProps<typeof import('./QuickTaskHost').QuickTaskHost>>;

let loading: Promise<Host> | undefined;

/** The sheet's code, downloaded once; a failed download may be tried again. */
function loadHost(): Promise<Host> {
  loading ??= import('./QuickTaskHost').then(
    (module) => module.QuickTaskHost,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The floating "+" of /home. The quick-add sheet is not part of the page's first download: its code
 * comes when the person shows intent (pointer, focus, touch), at the latest on the press.
 */
export function QuickTaskLauncher() {
  const fab = useRef<HTMLButtonElement>(null);
  const [Host, setHost] = useState<Host | null>(null);
  const [opens, setOpens] = useState(0);
  const preload = () => {
    loadHost().catch(() => {});
  };

  const press = () => {
    loadHost().then(
      (loaded) => {
        setHost(() => loaded);
        setOpens((n) => n + 1);
      },
      () => toast.error('Não foi possível abrir a nova tarefa. Verifique sua conexão e tente de novo.'),
    );
  };

  return (
    <>
      <button
        ref={fab}
        type="button"
        className="quick-task-fab"
        aria-label="Adicionar tarefa"
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onTouchStart={preload}
        onClick={press}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M12 5v14M5 12h14" />
        </svg>
      </button>
      {Host ? <Host opens={opens} fab={fab} /> : null}
    </>
  );
}
