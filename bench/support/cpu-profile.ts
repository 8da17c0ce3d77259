import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';

/**
 * Profiles this process's CPU while `run` runs and writes a .cpuprofile (open it in Chrome's
 * DevTools, Performance tab) to `file`; without a file it only runs.
 */
export async function profiled<T>(file: string | undefined, run: () => Promise<T>): Promise<T> {
  if (!file) return run();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(file, JSON.stringify(profile));
    session.disconnect();
  }
}
