import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type {
  WhatsappConnectionActor,
  WhatsappConnectionSnapshot,
} from '../../../machines/whatsapp/whatsapp-connection.machine';
import { type ConnectionPage, connectionPageOf } from '../../../machines/whatsapp/whatsapp-connection-pages';
import { PageHeading } from '../../app/routing/PageHeading';
import { useSessionActor } from '../../app/session/session-context';
import { useChartEvent } from '../../lib/charts/useChartEvent';
import { useChartNavigation } from '../../lib/navigation/useChartNavigation';
import { toast } from '../../lib/toasts';
import { whatsappStatusQuery } from '../../lib/whatsapp/whatsapp-status-query';
import { QueryLoading } from '../../ui/query-loading/QueryLoading';
import { RetryButton } from '../../ui/retry-button/RetryButton';
import { ConnectionChoice } from './ConnectionChoice';
import { ConnectionHeadsUp } from './ConnectionHeadsUp';
import { ConnectionIntro } from './ConnectionIntro';
import { ConnectionOutcome } from './ConnectionOutcome';
import { ConnectionOverview } from './ConnectionOverview';
import { DisconnectConfirm } from './DisconnectConfirm';
import { DisconnectFeedback } from './DisconnectFeedback';
import { HowToReconnect } from './HowToReconnect';
import { createWhatsappConnectionMachine } from './whatsapp-connection-actors';
import './whatsapp-connection.css';

type Shown =
  | 'loading'
  | 'loadFailed'
  | 'overview'
  | 'choice'
  | 'intro'
  | 'headsUp'
  | 'success'
  | 'notReady'
  | 'error'
  | 'disconnect'
  | 'feedback'
  | 'howToReconnect';

/** Which view the chart's state is (calls under way show on the page they started from). */
function shownOf(s: WhatsappConnectionSnapshot): Shown {
  if (s.matches('loading')) return 'loading';
  if (s.matches('loadFailed')) return 'loadFailed';
  if (s.matches('connecting')) return 'headsUp';
  if (s.matches('disconnecting')) return 'disconnect';
  if (s.matches('sendingFeedback')) return 'feedback';
  if (s.matches({ ready: 'choosing' })) return 'choice';
  if (s.matches({ ready: 'introducing' })) return 'intro';
  if (s.matches({ ready: 'headsUp' })) return 'headsUp';
  if (s.matches({ ready: 'succeeded' })) return 'success';
  if (s.matches({ ready: 'notReady' })) return 'notReady';
  if (s.matches({ ready: 'failed' })) return 'error';
  if (s.matches({ ready: 'confirmingDisconnect' })) return 'disconnect';
  if (s.matches({ ready: 'feedback' })) return 'feedback';
  if (s.matches({ ready: 'howToReconnect' })) return 'howToReconnect';
  return 'overview';
}

/** Tells the chart the page the address asks for whenever it changes (Back, a link). */
function useAddressAsked(connection: WhatsappConnectionActor, page: ConnectionPage) {
  const told = useRef(page);
  useEffect(() => {
    if (page === told.current) return;
    told.current = page;
    connection.send({ type: 'VISIT', page });
  }, [connection, page]);
}

/**
 * Hands the chart every new value of the status query, wherever it came from (the realtime socket
 * invalidating it, a refetch, the chart's own commands writing their answers into it).
 */
function useStatusFollowed(connection: WhatsappConnectionActor) {
  const { data } = useQuery(whatsappStatusQuery);
  useEffect(() => {
    if (data) connection.send({ type: 'STATUS_CHANGED', status: data });
  }, [connection, data]);
}

/**
 * The pages of /settings/whatsapp-business-connection (spec §2, but the blocklist) share this page,
 * so the connection chart lives on while the owner moves between them; it renders what the chart's
 * state is, and the chart says where the address goes.
 */
export default function WhatsappConnectionPage() {
  const queryClient = useQueryClient();
  const session = useSessionActor();
  const [path] = useLocation();
  const page = connectionPageOf(path) ?? 'index';
  const [machine] = useState(() => createWhatsappConnectionMachine(queryClient));
  const [input] = useState(() => ({
    request: page,
    coexistenceEnabled: session.getSnapshot().context.featureFlags.isMetaCoexistenceEnabled,
  }));
  const connection = useActorRef(machine, { input });
  useChartNavigation(connection);
  useChartEvent(connection, 'feedbackSent', () => toast.success('Obrigado pelo seu feedback!'));
  useAddressAsked(connection, page);
  useStatusFollowed(connection);
  const shown = useSelector(connection, shownOf);

  return (
    <div className="page page--narrow whatsapp-connection">
      <PageHeading />
      <ShownView shown={shown} connection={connection} />
    </div>
  );
}

function ShownView({ shown, connection }: { shown: Shown; connection: WhatsappConnectionActor }) {
  switch (shown) {
    case 'loading':
      return <StatusLoading />;
    case 'loadFailed':
      return <StatusLoadFailed connection={connection} />;
    case 'overview':
      return <ConnectionOverview connection={connection} />;
    case 'choice':
      return <ConnectionChoice connection={connection} />;
    case 'intro':
      return <ConnectionIntro connection={connection} />;
    case 'headsUp':
      return <ConnectionHeadsUp connection={connection} />;
    case 'success':
    case 'notReady':
    case 'error':
      return <ConnectionOutcome connection={connection} outcome={shown} />;
    case 'disconnect':
      return <DisconnectConfirm connection={connection} />;
    case 'feedback':
      return <DisconnectFeedback connection={connection} />;
    case 'howToReconnect':
      return <HowToReconnect connection={connection} />;
  }
}

function StatusLoading() {
  // The chart loads through the cache; this only watches that load (its retries).
  const load = useQuery({ ...whatsappStatusQuery, enabled: false });
  return (
    <QueryLoading query={load} queryKey={whatsappStatusQuery.queryKey} frameClassName="card">
      <p className="card card__text" role="status">
        Carregando a conexão do WhatsApp...
      </p>
    </QueryLoading>
  );
}

function StatusLoadFailed({ connection }: { connection: WhatsappConnectionActor }) {
  return (
    <section className="card" aria-labelledby="whatsapp-load-failed">
      <h2 id="whatsapp-load-failed" className="card__heading">
        Não foi possível ver a conexão do WhatsApp
      </h2>
      <p className="form-error" role="alert">
        Verifique sua internet e tente de novo.
      </p>
      <RetryButton onRetry={() => connection.send({ type: 'RETRY' })} />
    </section>
  );
}
