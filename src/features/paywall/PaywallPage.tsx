import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useState } from 'react';
import { type PaywallInit, startCheckoutContract } from '../../../contracts/billing';
import { roleAllows } from '../../../contracts/roles';
import { checkoutMachine } from '../../../machines/checkout/checkout.machine';
import { RouteLoading } from '../../app/routing/RouteLoading';
import { PRODUCT_NAME } from '../../app/routing/useDocumentTitle';
import { useSessionActor, useSessionStatus } from '../../app/session/session-context';
import { useChartEvent } from '../../lib/charts/useChartEvent';
import { formatDate } from '../../lib/format/date';
import { Link } from '../../lib/routing/Link';
import { Redirect } from '../../lib/routing/Redirect';
import { createCheckoutActors } from './checkout-actors';
import { PlanOption } from './PlanOption';
import { paywallQuery } from './paywall-query';
import './PaywallPage.css';
import { appPaths } from '../../../machines/app-paths';
import { QueryLoading } from '../../ui/query-loading/QueryLoading';
import { RetryButton } from '../../ui/retry-button/RetryButton';

const checkIcon = 'M20 6 9 17l-5-5';

/** The heading and the line under it, by why the paywall shows (or the free trial still running). */
function intro({ reason, endedAt, trialEndsAt }: PaywallInit): { title: string; text: string } {
  if (trialEndsAt) {
    return {
      title: 'Assine o Fechaí',
      text: `Seu teste grátis vai até ${formatDate(trialEndsAt)}. Assine agora e continue sem interrupção.`,
    };
  }
  const on = endedAt ? ` em ${formatDate(endedAt)}` : '';
  switch (reason) {
    case 'trial_ended':
      return {
        title: 'Seu teste grátis terminou',
        text: `Seu teste grátis terminou${on}. Escolha um plano para continuar usando o Fechaí.`,
      };
    case 'past_due':
      return {
        title: 'Não conseguimos confirmar seu pagamento',
        text: 'A cobrança da sua assinatura não foi aprovada. Assine de novo para continuar usando o Fechaí.',
      };
    case 'canceled':
      return {
        title: 'Sua assinatura foi encerrada',
        text: `Sua assinatura terminou${on}. Assine de novo para voltar a usar o Fechaí.`,
      };
    default:
      return { title: 'Escolha seu plano', text: 'Assine para usar o Fechaí na sua empresa.' };
  }
}

function Waiting({ text }: { text: string }) {
  return (
    <div className="paywall__status" role="status">
      <span className="spinner" aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}

/** The paywall itself, for a signed-in person who has finished onboarding. */
function Paywall() {
  const queryClient = useQueryClient();
  const session = useSessionActor();
  const [machine] = useState(() =>
    checkoutMachine.provide({
      actors: createCheckoutActors(queryClient),
      actions: {
        openCheckout: (_, { url }) => window.location.assign(url),
      },
    }),
  );
  const checkout = useActorRef(machine);
  // The server knows of a current subscription the session has not heard of yet (a payment that
  // just went through): refresh it, so the way into the app is open.
  useChartEvent(checkout, 'subscriptionFound', () => {
    const current = session.getSnapshot();
    if (current.context.hasNoCurrentSubscriptionActive && current.can({ type: 'REFRESH' }))
      session.send({ type: 'REFRESH' });
  });
  // The chart loads the plans through the cache; this only watches that load (its retries).
  const paywallLoad = useQuery({ ...paywallQuery, enabled: false });
  const state = useSelector(checkout, (snapshot) => snapshot.value);
  const paywall = useSelector(checkout, (snapshot) => snapshot.context.paywall);
  const selectedPlan = useSelector(checkout, (snapshot) => snapshot.context.selectedPlan);
  const error = useSelector(checkout, (snapshot) => snapshot.context.error);
  // The chart says when "Assinar" works (a plan picked, nothing under way).
  const canSubscribe = useSelector(checkout, (snapshot) => snapshot.can({ type: 'SUBSCRIBE' }));

  if (state === 'loading')
    return (
      <QueryLoading query={paywallLoad} queryKey={paywallQuery.queryKey}>
        <Waiting text="Carregando planos..." />
      </QueryLoading>
    );
  if (state === 'redirecting') return <Waiting text="Abrindo o pagamento..." />;
  if (state === 'failed') {
    return (
      <section className="card paywall__card paywall__card--center" aria-label="Planos">
        <p className="paywall__error" role="alert">
          {error}
        </p>
        <RetryButton onRetry={() => checkout.send({ type: 'RETRY' })} />
      </section>
    );
  }
  if (state === 'subscribed') {
    return (
      <section className="card paywall__card paywall__card--center" aria-labelledby="paywall-title">
        <svg
          className="status-icon status-icon--success"
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
        >
          <path d={checkIcon} />
        </svg>
        <h1 id="paywall-title" className="paywall__title">
          Sua assinatura está ativa
        </h1>
        <p className="card__text">Está tudo certo com o seu plano. Pode voltar a usar o Fechaí.</p>
        <Link to="/home" className="button button--primary">
          Ir para o início
        </Link>
      </section>
    );
  }

  const { title, text } = intro(paywall!);
  const busy = state === 'startingCheckout';
  return (
    <section className="card paywall__card" aria-labelledby="paywall-title" aria-busy={busy}>
      <h1 id="paywall-title" className="paywall__title">
        {title}
      </h1>
      <p className="card__text">{text}</p>
      <fieldset className="paywall__plans">
        <legend className="visually-hidden">Escolha seu plano</legend>
        {paywall!.plans.map((plan) => (
          <PlanOption
            key={plan.id}
            plan={plan}
            checked={plan.id === selectedPlan}
            disabled={busy}
            onSelect={() => checkout.send({ type: 'SELECT_PLAN', planId: plan.id })}
          />
        ))}
      </fieldset>
      {paywall!.features.length > 0 ? (
        <section className="paywall__features" aria-labelledby="paywall-features">
          <h2 id="paywall-features" className="paywall__subtitle">
            O que está incluído
          </h2>
          <ul>
            {paywall!.features.map((feature) => (
              <li key={feature}>
                <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d={checkIcon} />
                </svg>
                {feature}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {error ? (
        <p className="paywall__error" role="alert">
          {error}
        </p>
      ) : null}
      <button
        type="button"
        className="button button--primary paywall__subscribe"
        disabled={!canSubscribe}
        onClick={() => checkout.send({ type: 'SUBSCRIBE' })}
      >
        {busy ? <span className="spinner spinner--small" aria-hidden="true" /> : null}
        {error ? 'Tentar novamente' : 'Assinar'}
      </button>
      <p className="paywall__fine-print">
        Você vai para uma página de pagamento segura e volta para o Fechaí.
      </p>
      {/* During the free trial the app is still open: subscribing now is a choice, not a wall. */}
      {paywall!.trialEndsAt ? (
        <Link to="/home" className="button button--secondary paywall__back">
          Voltar para o início
        </Link>
      ) : null}
    </section>
  );
}

/**
 * How many times the browser brought this page back from its back-forward cache. Back from the
 * checkout page restores the page as it was left, "Abrindo o pagamento..." with the chart done: the
 * paywall has to start over.
 */
function useRestoredFromCache(): number {
  const [restored, setRestored] = useState(0);
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setRestored((count) => count + 1);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);
  return restored;
}

/**
 * /paywall (spec §2): a public route, so the page follows the session itself: signed out → sign in
 * again and come back here; onboarding not done → /onboarding; otherwise the plans and the checkout.
 */
export default function PaywallPage() {
  const session = useSessionStatus();
  const restored = useRestoredFromCache();
  if (session.phase === 'unauthenticated')
    return (
      <Redirect to={`${appPaths.logout}?${new URLSearchParams({ redirect: appPaths.paywall })}`} replace />
    );
  if (session.phase === 'authenticated' && session.needsOnboarding)
    return <Redirect to={appPaths.onboarding} replace />;
  // Only the owner subscribes (issue 15): the rest of the team learns why the app is closed.
  if (session.phase === 'authenticated' && !roleAllows(session.role, startCheckoutContract.minRole)) {
    if (!session.hasNoCurrentSubscriptionActive) return <Redirect to={appPaths.home} replace />;
    return (
      <PaywallFrame>
        <OwnerRenews />
      </PaywallFrame>
    );
  }
  return (
    <PaywallFrame>
      {session.phase === 'checking' ? <RouteLoading /> : <Paywall key={restored} />}
    </PaywallFrame>
  );
}

export const OWNER_RENEWS_TITLE = 'A assinatura da empresa não está ativa';
export const OWNER_RENEWS_TEXT =
  'Só o proprietário da empresa pode assinar um plano. Fale com ele para voltar a usar o Fechaí.';

/** What a manager or staff member sees when the company's subscription ended: no plans to buy. */
function OwnerRenews() {
  return (
    <section className="card paywall__card paywall__card--center" aria-labelledby="paywall-title">
      <h1 id="paywall-title" className="paywall__title">
        {OWNER_RENEWS_TITLE}
      </h1>
      <p className="card__text">{OWNER_RENEWS_TEXT}</p>
    </section>
  );
}

/** The product's name and the way out, above whatever the paywall shows. */
function PaywallFrame({ children }: { children: ReactNode }) {
  return (
    <div className="paywall">
      <header className="paywall__top">
        <span className="paywall__brand">{PRODUCT_NAME}</span>
        <Link to="/logout" className="paywall__sign-out">
          Sair
        </Link>
      </header>
      {children}
    </div>
  );
}
