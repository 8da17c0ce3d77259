import { readdir, readFile } from 'node:fs/promises';

const TICKS_PER_SECOND = 100;

/**
 * CPU time (ms) every PostgreSQL process on this machine has used so far (user + system), read
 * from /proc; null where there is no /proc. The difference over a run is the database server's
 * share of the work, which a client's own CPU time never shows.
 */
export async function postgresCpuMs(): Promise<number | null> {
  let pids: string[];
  try {
    pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  let ticks = 0;
  await Promise.all(
    pids.map(async (pid) => {
      try {
        const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
        // "pid (comm) state ppid …": fields after the command name, utime and stime are 14th and 15th.
        const close = stat.lastIndexOf(')');
        const comm = stat.slice(stat.indexOf('(') + 1, close);
        if (comm !== 'postgres') return;
        const fields = stat.slice(close + 2).split(' ');
        ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // the process ended meanwhile
      }
    }),
  );
  return (ticks * 1000) / TICKS_PER_SECOND;
}
