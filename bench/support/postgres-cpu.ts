import { readdir, readFile } from 'node:fs/promises';

const TICKS_PER_SECOND = 100;

/**
 * CPU time (ms) each PostgreSQL process on this machine has used so far (user + system) by pid,
 * read from /proc; null where there is no /proc. The difference over a run (postgresCpuSince) is
 * the database server's share of the work, which a client's own CPU time never shows.
 */
export async function postgresCpuMs(): Promise<Map<string, number> | null> {
  let pids: string[];
  try {
    pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const ms = new Map<string, number>();
  await Promise.all(
    pids.map(async (pid) => {
      try {
        const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
        // "pid (comm) state ppid …": fields after the command name, utime and stime are 14th and 15th.
        const close = stat.lastIndexOf(')');
        const comm = stat.slice(stat.indexOf('(') + 1, close);
        if (comm !== 'postgres') return;
        const fields = stat.slice(close + 2).split(' ');
        ms.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND);
      } catch {
        // the process ended meanwhile
      }
    }),
  );
  return ms;
}

/**
 * CPU ms PostgreSQL used since `before`: the processes alive now, less what each had then (a
 * backend that ended meanwhile is not counted; one that started counts whole).
 */
export async function postgresCpuSince(before: Map<string, number> | null): Promise<number | null> {
  const after = await postgresCpuMs();
  if (!before || !after) return null;
  let used = 0;
  for (const [pid, ms] of after) used += ms - (before.get(pid) ?? 0);
  return used;
}
