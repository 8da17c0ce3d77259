import type { BoardScroll } from './useBoardScroll';

/**
 * "Etapas 1 a 3 de 5" and the buttons that scroll the board a column back or forward, when its
 * columns do not all fit. A button at its end stays focusable (aria-disabled), so the keyboard
 * never loses its place.
 */
export function BoardScrollNav({
  scroll,
  count,
  boardId,
}: {
  scroll: BoardScroll & { scrollByColumn: (direction: -1 | 1) => void };
  count: number;
  boardId: string;
}) {
  if (!scroll.overflows) return null;
  const { firstShown: first, lastShown: last } = scroll;
  const shown =
    first > 0 && last > first
      ? `Etapas ${first} a ${last} de ${count}`
      : first > 0 && last === first
        ? `Etapa ${first} de ${count}`
        : `${count} etapas`;
  return (
    <div className="board-nav">
      <p className="board-nav__shown">{shown}</p>
      <ScrollButton
        label="Etapa anterior"
        icon="m15 6-6 6 6 6"
        boardId={boardId}
        possible={scroll.moreBefore}
        onPress={() => scroll.scrollByColumn(-1)}
      />
      <ScrollButton
        label="Próxima etapa"
        icon="m9 6 6 6-6 6"
        boardId={boardId}
        possible={scroll.moreAfter}
        onPress={() => scroll.scrollByColumn(1)}
      />
    </div>
  );
}

function ScrollButton({
  label,
  icon,
  boardId,
  possible,
  onPress,
}: {
  label: string;
  icon: string;
  boardId: string;
  possible: boolean;
  onPress: () => void;
}) {
  return (
    <button
      type="button"
      className="board-nav__button"
      aria-label={label}
      aria-controls={boardId}
      aria-disabled={!possible}
      onClick={() => {
        if (possible) onPress();
      }}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={icon} />
      </svg>
    </button>
  );
}
