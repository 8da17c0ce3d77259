import { getRemoteConfigContract } from '../../../contracts/remote-config';
import { RemoteConfigThrottled } from '../../../machines/remote-config/remote-config.machine';
import { ApiError } from '../../api/api-error';
import { api } from '../../api/client';
import { unwrapEnvelope } from '../../api/unwrap-envelope';
import type { RemoteConfigSource } from './remote-config-source';

/**
 * The embedded default: the parameters this app's server keeps (edited on /dev/remote-config in
 * development). The server has no targeting, so custom signals are not sent.
 */
export const serverRemoteConfigSource: RemoteConfigSource = {
  async fetch() {
    try {
      const { parameters } = unwrapEnvelope(
        await api.get(getRemoteConfigContract.url, { schema: getRemoteConfigContract.response }),
      );
      return parameters;
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) throw new RemoteConfigThrottled(error.message);
      throw error;
    }
  },
};
