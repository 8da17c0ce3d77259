import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import {
  connectWhatsappContract,
  disconnectWhatsappContract,
  sendDisconnectFeedbackContract,
} from '../../../contracts/whatsapp-connection';
import type { WhatsappConnectionState } from '../../../contracts/whatsapp-status';
import {
  type ConnectInput,
  type DisconnectFeedbackInput,
  whatsappConnectionMachine,
} from '../../../machines/whatsapp/whatsapp-connection.machine';
import { api } from '../../api/client';
import { unwrapEnvelope } from '../../api/unwrap-envelope';
import { fetchQueryActor } from '../../lib/cache/fetch-query-actor';
import { whatsappStatusQuery } from '../../lib/whatsapp/whatsapp-status-query';
import { embeddedSignupActor, prepareSignupActor } from './embedded-signup';

/**
 * The connection chart with the app's calls: the status through the cache (the home card and the
 * follow-ups read the same entry), Meta's popup, and the connect/disconnect/feedback commands, whose
 * answers go into the cache so every reader of the status sees them at once.
 */
export function createWhatsappConnectionMachine(queryClient: QueryClient) {
  const remember = (status: WhatsappConnectionState) => {
    queryClient.setQueryData(whatsappStatusQuery.queryKey, status);
    return status;
  };
  return whatsappConnectionMachine.provide({
    actors: {
      loadStatus: fetchQueryActor(queryClient, whatsappStatusQuery),
      prepareSignup: prepareSignupActor,
      embeddedSignup: embeddedSignupActor,
      connect: fromPromise<WhatsappConnectionState, ConnectInput>(async ({ input, signal }) =>
        remember(
          unwrapEnvelope(
            await api.post(connectWhatsappContract.url, {
              body: {
                code: input.code,
                mode: input.mode,
                finish: input.finish,
                wabaId: input.wabaId,
                phoneNumberId: input.phoneNumberId,
                businessId: input.businessId,
              },
              schema: connectWhatsappContract.response,
              signal,
            }),
          ),
        ),
      ),
      disconnect: fromPromise<WhatsappConnectionState>(async ({ signal }) =>
        remember(
          unwrapEnvelope(
            await api.delete(disconnectWhatsappContract.url, {
              schema: disconnectWhatsappContract.response,
              signal,
            }),
          ),
        ),
      ),
      sendFeedback: fromPromise<unknown, DisconnectFeedbackInput>(async ({ input, signal }) =>
        unwrapEnvelope(
          await api.post(sendDisconnectFeedbackContract.url, {
            body: input,
            schema: sendDisconnectFeedbackContract.response,
            signal,
          }),
        ),
      ),
    },
  });
}
