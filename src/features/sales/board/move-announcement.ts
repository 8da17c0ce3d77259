import type { DealBoardContext } from '../../../../machines/deal-board/deal-board.machine';
import { type BoardPosition, placeInStage } from '../../../../machines/deal-board/deal-board-layout';

export type MovePhase = 'resting' | 'failed' | 'lifted' | 'dragging' | 'saving';

/** The keyboard instructions every card points to (aria-describedby). */
export const CARD_MOVE_HINT =
  'Pressione Espaço ou Enter para levantar a venda, as setas para escolher o lugar e Espaço ou Enter para soltar.';

/** What the board says (aria-live) as a deal is lifted, moved, dropped, saved or put back. */
export function moveAnnouncement(phase: MovePhase, context: DealBoardContext): string {
  const { deal, origin, target, hasMoved, outcome, layout } = context;
  if (!deal || !origin) return '';
  const t = deal.title;
  const where = (position: BoardPosition) => {
    const p = placeInStage(layout, origin, position);
    return `${p.stageName}, posição ${p.place} de ${p.of}`;
  };
  switch (phase) {
    case 'lifted':
    case 'dragging':
      if (phase === 'lifted' && !hasMoved)
        return `Venda ${t} levantada em ${where(origin)}. Use as setas para mover, Espaço ou Enter para soltar e Esc para cancelar.`;
      if (!target) return `Venda ${t} fora das etapas. Solte para cancelar.`;
      return hasMoved ? `Venda ${t} movida para ${where(target)}.` : `Arrastando a venda ${t}.`;
    case 'saving':
      return target ? `Salvando a venda ${t} em ${where(target)}.` : '';
    case 'failed':
      return `Não foi possível mover a venda ${t}. Ela voltou para ${where(origin)}.`;
    case 'resting':
      if (outcome === 'saved' && target) return `Venda ${t} salva em ${where(target)}.`;
      if (outcome === 'cancelled') return `Movimento cancelado. Venda ${t} continua em ${where(origin)}.`;
      if (outcome === 'unchanged') return `Venda ${t} continua em ${where(origin)}.`;
      return '';
  }
}
