import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** pino-pretty is a dev dependency: a production install may not have it. */
function prettyAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/** JSON lines (one object per line) for machines; pretty lines for a person at a terminal. */
export function loggerOptions(config: Config): LoggerOptions {
  const wantPretty =
    config.logPretty === 'on' ||
    (config.logPretty === 'auto' && process.stdout.isTTY && !config.isProduction);
  const options: LoggerOptions = { level: config.logLevel };
  if (wantPretty && prettyAvailable()) {
    options.transport = {
      target: 'pino-pretty',
      options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
    };
  }
  return options;
}
