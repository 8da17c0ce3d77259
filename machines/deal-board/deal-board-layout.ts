/**
 * The sales board as the deal-board chart sees it: stages in order, the deals loaded in each, and
 * where a deal would land. Pure functions; the app builds the layout from its board cache.
 */

/** A deal's place: its stage and its 0-based index among that stage's other deals. */
export interface BoardPosition {
  stageId: string;
  index: number;
}

export interface BoardLayoutColumn {
  stageId: string;
  /** The stage's name, for what the view announces. */
  name: string;
  /** The deals loaded in this column, in board order. */
  dealIds: readonly string[];
  /** Every deal of the stage, loaded or not (the column header's count). */
  totalCount: number;
}

export type BoardLayout = readonly BoardLayoutColumn[];

export type MoveDirection = 'up' | 'down' | 'left' | 'right';

export function samePosition(a: BoardPosition | null, b: BoardPosition | null): boolean {
  return a === b || (a !== null && b !== null && a.stageId === b.stageId && a.index === b.index);
}

/** Where the deal is now, or null when the layout does not hold it. */
export function positionOf(layout: BoardLayout, dealId: string): BoardPosition | null {
  for (const column of layout) {
    const index = column.dealIds.indexOf(dealId);
    if (index >= 0) return { stageId: column.stageId, index };
  }
  return null;
}

/** How many places a column offers the deal: its loaded deals other than this one, plus the end. */
function placesIn(column: BoardLayoutColumn, dealId: string): number {
  return column.dealIds.filter((id) => id !== dealId).length + 1;
}

/** A place the deal can be dropped at (a known stage, an index within its loaded deals or just after). */
export function isPlace(layout: BoardLayout, dealId: string, position: BoardPosition): boolean {
  const column = layout.find((c) => c.stageId === position.stageId);
  return (
    column !== undefined &&
    Number.isInteger(position.index) &&
    position.index >= 0 &&
    position.index < placesIn(column, dealId)
  );
}

/**
 * One keyboard step from `from`: up and down within the column, left and right to the
 * neighbouring stage at the same height (or its end). Null at an edge.
 */
export function stepFrom(
  layout: BoardLayout,
  dealId: string,
  from: BoardPosition,
  direction: MoveDirection,
): BoardPosition | null {
  const columnIndex = layout.findIndex((c) => c.stageId === from.stageId);
  const column = layout[columnIndex];
  if (!column) return null;
  switch (direction) {
    case 'up':
      return from.index > 0 ? { stageId: from.stageId, index: from.index - 1 } : null;
    case 'down':
      return from.index < placesIn(column, dealId) - 1
        ? { stageId: from.stageId, index: from.index + 1 }
        : null;
    case 'left':
    case 'right': {
      const next = layout[columnIndex + (direction === 'left' ? -1 : 1)];
      if (!next) return null;
      return { stageId: next.stageId, index: Math.min(from.index, placesIn(next, dealId) - 1) };
    }
  }
}

/** 1-based place and how many deals the stage would hold with this one in it. */
export function placeInStage(
  layout: BoardLayout,
  origin: BoardPosition,
  position: BoardPosition,
): { stageName: string; place: number; of: number } {
  const column = layout.find((c) => c.stageId === position.stageId);
  const of = (column?.totalCount ?? 0) + (position.stageId === origin.stageId ? 0 : 1);
  return { stageName: column?.name ?? '', place: position.index + 1, of: Math.max(of, position.index + 1) };
}
