import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { RemoteConfigValues } from '../../../machines/remote-config/remote-config-values';
import { remoteConfig } from './remote-config-actor';

/**
 * The remote configuration's values: the defaults at first, then what the source answers. Asks for
 * a fetch once mounted (after the screen is painted); the chart answers from what it has within
 * the hour.
 */
export function useRemoteConfig(): RemoteConfigValues {
  const actor = remoteConfig.actor();
  useEffect(() => {
    actor.send({ type: 'FETCH' });
  }, [actor]);
  return useSelector(actor, (snapshot) => snapshot.context.values);
}
