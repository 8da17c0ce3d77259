/**
 * A small seeded generator (mulberry32): the fuzz picks the same cases in the same order on every
 * run and machine, so a failure it finds is found again.
 */
export interface SeededRandom {
  /** In [0, 1). */
  next(): number;
  /** An integer in [0, max). */
  int(max: number): number;
  pick<T>(items: readonly T[]): T;
  /** `count` items of `items`, in their order, without repeats (all of them when fewer). */
  sample<T>(items: readonly T[], count: number): T[];
}

export function seededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (max: number) => Math.floor(next() * max);
  return {
    next,
    int,
    pick: (items) => items[int(items.length)]!,
    sample(items, count) {
      if (items.length <= count) return [...items];
      const chosen = new Set<number>();
      while (chosen.size < count) chosen.add(int(items.length));
      return [...chosen].sort((a, b) => a - b).map((index) => items[index]!);
    },
  };
}
