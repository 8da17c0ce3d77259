import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { PaidSubscription, SubscriptionStatus } from '../../../../contracts/billing';
import { formatBRL } from '../../../lib/format/currency';
import { formatDate } from '../../../lib/format/date';
import { Link } from '../../../lib/routing/Link';
import { QueryLoading } from '../../../ui/query-loading/QueryLoading';
import { RetryButton } from '../../../ui/retry-button/RetryButton';
import { RenewalControl } from './RenewalControl';
import { subscriptionQuery } from './subscription-query';

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  trialing: 'Teste grátis',
  active: 'Ativa',
  past_due: 'Pagamento pendente',
  canceled: 'Cancelada',
};

/** The badge's colour for each state: current is success, unpaid or ended is danger. */
const STATUS_BADGES: Record<SubscriptionStatus, string> = {
  trialing: 'badge badge--success',
  active: 'badge badge--success',
  past_due: 'badge badge--danger',
  canceled: 'badge badge--danger',
};

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="details__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Details({ subscription }: { subscription: PaidSubscription | null }) {
  if (!subscription || subscription.status === 'canceled') {
    return (
      <>
        {subscription ? (
          <dl className="details">
            <Row term="Situação">
              <span className={STATUS_BADGES.canceled}>{SUBSCRIPTION_STATUS_LABELS.canceled}</span>
            </Row>
            <Row term="Encerrada em">{formatDate(subscription.currentPeriodEnd)}</Row>
          </dl>
        ) : (
          <p className="card__text">Você ainda não tem uma assinatura.</p>
        )}
        <Link to="/paywall" className="button button--primary">
          Ver planos
        </Link>
      </>
    );
  }
  const { status, plan, currentPeriodEnd, nextChargeAt, nextChargeCents, cancelAtPeriodEnd } = subscription;
  const nextCharge = nextChargeAt !== null && nextChargeCents !== null && !cancelAtPeriodEnd;
  const referralCreditCents = subscription.referralCredit
    ? subscription.referralCredit.pendingCents + subscription.referralCredit.appliedCents
    : 0;
  return (
    <>
      <dl className="details">
        {/* No plan: a trial never paid for, or a subscription given outside the checkout. */}
        {plan ? <Row term="Plano">{plan.name}</Row> : null}
        {!plan && status === 'trialing' ? <Row term="Plano">Teste grátis</Row> : null}
        <Row term="Situação">
          <span className={STATUS_BADGES[status]}>{SUBSCRIPTION_STATUS_LABELS[status]}</span>
        </Row>
        {status === 'trialing' ? <Row term="Teste grátis até">{formatDate(currentPeriodEnd)}</Row> : null}
        {nextCharge ? (
          <Row term="Próxima cobrança">
            {formatDate(nextChargeAt)} · {formatBRL(nextChargeCents)}
          </Row>
        ) : null}
        {referralCreditCents > 0 ? (
          <Row term="Crédito de indicação">{formatBRL(referralCreditCents)} no próximo pagamento</Row>
        ) : null}
        {cancelAtPeriodEnd ? (
          <Row term="Cancela ao fim do período">{formatDate(currentPeriodEnd)}</Row>
        ) : null}
        {status !== 'trialing' && !nextCharge && !cancelAtPeriodEnd ? (
          <Row term="Válida até">{formatDate(currentPeriodEnd)}</Row>
        ) : null}
      </dl>
      {/* A free trial never paid for: subscribing before it ends keeps the app open without a gap. */}
      {!plan && status === 'trialing' ? (
        <Link to="/paywall" className="button button--primary">
          Assinar agora
        </Link>
      ) : null}
      {plan && (status === 'active' || status === 'past_due') ? (
        // A new key when the renewal changes: the control starts over from what was saved.
        <RenewalControl key={String(cancelAtPeriodEnd)} subscription={subscription} />
      ) : null}
    </>
  );
}

/** /settings: the company's subscription (spec §7 "GET settings subscription paid"), prefetched by the route. */
export function SubscriptionSummary() {
  const query = useQuery(subscriptionQuery);
  return (
    <section className="card card--start" aria-labelledby="settings-subscription">
      <h2 id="settings-subscription" className="card__heading">
        Assinatura
      </h2>
      {query.isPending ? (
        <QueryLoading query={query} queryKey={subscriptionQuery.queryKey} frameClassName="">
          <p className="card__text" role="status">
            Carregando assinatura...
          </p>
        </QueryLoading>
      ) : query.isError ? (
        <>
          <p className="form-error" role="alert">
            Erro ao carregar dados da assinatura
          </p>
          <RetryButton onRetry={() => void query.refetch()} />
        </>
      ) : (
        <Details subscription={query.data.subscription} />
      )}
    </section>
  );
}
