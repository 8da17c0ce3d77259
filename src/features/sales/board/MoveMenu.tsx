import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';

export interface MoveMenuStage {
  id: string;
  name: string;
}

type MoveMenuProps = {
  dealTitle: string;
  stages: readonly MoveMenuStage[];
  currentStageId: string;
  disabled: boolean;
  onPick: (stageId: string) => void;
};

/**
 * "Mover para…": the stages as a menu, for whoever neither drags nor uses the keyboard moves.
 * Arrows walk the items, Escape closes and gives the focus back to the button.
 */
function items(list: HTMLElement | null): HTMLButtonElement[] {
  return [...(list?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not(:disabled)') ?? [])];
}

export function MoveMenu({ dealTitle, stages, currentStageId, disabled, onPick }: MoveMenuProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    items(menu.current)[0]?.focus();
    const closeOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const onMenuKey = (event: KeyboardEvent) => {
    const all = items(menu.current);
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    const focus = (index: number) => all[(index + all.length) % all.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focus(at + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focus(at - 1);
        break;
      case 'Home':
        event.preventDefault();
        focus(0);
        break;
      case 'End':
        event.preventDefault();
        focus(all.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        button.current?.focus();
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  return (
    <div className="move-menu">
      <button
        ref={button}
        type="button"
        className="move-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        aria-label={`Mover ${dealTitle} para…`}
        disabled={disabled}
        onClick={() => setOpen((was) => !was)}
      >
        Mover para…
      </button>
      {open ? (
        <div
          ref={menu}
          id={`${id}-menu`}
          className="move-menu__list"
          role="menu"
          aria-label={`Mover ${dealTitle} para`}
          onKeyDown={onMenuKey}
        >
          {stages.map((stage) => (
            <button
              key={stage.id}
              type="button"
              role="menuitem"
              className="move-menu__item"
              disabled={stage.id === currentStageId}
              onClick={() => {
                setOpen(false);
                onPick(stage.id);
              }}
            >
              {stage.name}
              {stage.id === currentStageId ? (
                <span className="move-menu__current"> (etapa atual)</span>
              ) : null}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
