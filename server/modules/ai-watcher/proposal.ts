import type { LocalTime } from './named-time';

/** What the watcher proposes for one turn, before it is stored as a suggestion. */
export type Proposal =
  | {
      kind: 'task';
      reason: string;
      description: string;
      /** A local moment (offline rules) or an instant (an online answer). */
      due: { local: LocalTime } | { at: Date };
    }
  | { kind: 'deal'; reason: string; title: string; valueCents: number | null; serviceId: string | null }
  | { kind: 'stage-change'; reason: string; dealId: string; toStageId: string };
