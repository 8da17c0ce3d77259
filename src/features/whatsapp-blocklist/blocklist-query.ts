import { queryOptions } from '@tanstack/react-query';
import {
  addBlocklistEntryContract,
  type BlocklistEntry,
  type BlocklistInput,
  listBlocklistContract,
} from '../../../contracts/blocklist';
import { api } from '../../api/client';
import { unwrapEnvelope } from '../../api/unwrap-envelope';

export const blocklistQueryKey = ['settings', 'whatsapp', 'blocklist'] as const;

/** GET /api/settings/whatsapp/blocklist (spec §7: a list in data). */
export const blocklistQuery = queryOptions({
  queryKey: blocklistQueryKey,
  queryFn: ({ signal }) =>
    api
      .get(listBlocklistContract.url, { schema: listBlocklistContract.response, signal })
      .then(unwrapEnvelope),
});

/** POST: a second add of the same number is the server's 409, so no idempotency key is needed. */
export async function addBlocklistEntry(body: BlocklistInput): Promise<BlocklistEntry> {
  return unwrapEnvelope(
    await api.post(addBlocklistEntryContract.url, { body, schema: addBlocklistEntryContract.response }),
  );
}

export async function removeBlocklistEntry(entryId: string): Promise<void> {
  unwrapEnvelope(await api.delete(`/api/settings/whatsapp/blocklist/${encodeURIComponent(entryId)}`));
}
