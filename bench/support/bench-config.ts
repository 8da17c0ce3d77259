import { type Config, loadConfig } from '../../server/config';

/** The settings an in-process benchmark server runs with: production, quiet, no job worker of its own. */
export function benchConfig(port: number, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'production',
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: 'memory://',
    JOBS_ENABLED: '0',
    LOG_LEVEL: 'warn',
    ...env,
  });
}
