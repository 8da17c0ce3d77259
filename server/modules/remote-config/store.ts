import {
  type RemoteConfigKey,
  type RemoteConfigText,
  remoteConfigKeys,
} from '../../../contracts/remote-config';
import type { Queryable } from '../../db/types';

interface ParameterRow extends Record<string, unknown> {
  key: string;
  value: string;
}

/** The parameters set here, by key; one left out takes the app's default. */
export async function remoteConfigParameters(q: Queryable): Promise<RemoteConfigText> {
  const { rows } = await q.query<ParameterRow>(
    'SELECT key, value FROM remote_config_parameters ORDER BY key',
  );
  const parameters: RemoteConfigText = {};
  for (const row of rows) {
    if ((remoteConfigKeys as readonly string[]).includes(row.key)) {
      parameters[row.key as RemoteConfigKey] = row.value;
    }
  }
  return parameters;
}

/** Sets one parameter, or with null removes it (back to the default). */
export async function setRemoteConfigParameter(
  q: Queryable,
  key: RemoteConfigKey,
  value: string | null,
): Promise<void> {
  if (value === null) {
    await q.query('DELETE FROM remote_config_parameters WHERE key = $1', [key]);
    return;
  }
  await q.query(
    `INSERT INTO remote_config_parameters (key, value) VALUES ($1, $2)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [key, value],
  );
}
