import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { appPaths } from '../../../../machines/app-paths';
import { emailVerificationMachine } from '../../../../machines/email-verification/email-verification.machine';
import { signupSearch } from '../../../app/routing/route-search';
import { useValidatedSearch } from '../../../app/routing/useValidatedSearch';
import { hostedLoginUrl } from '../../../app/session/hosted-login';
import { Redirect } from '../../../lib/routing/Redirect';
import { AuthStatus } from '../AuthStatus';
import { validateEmail } from './validate-email';
import '../auth-page.css';
import { RetryButton } from '../../../ui/retry-button/RetryButton';

/** Spec §2/§8, to the letter. */
const INVALID_TOKEN_TEXT = 'Invalid or expired verification token';
const VERIFY_FAILED_TEXT = 'Failed to verify email';

const checkIcon = 'M20 6 9 17l-5-5';
const alertIcon =
  'M12 8v5m0 3.5h.01M10.3 3.9 2.4 17.6A2 2 0 0 0 4.1 20.6h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z';

function CardIcon({ tone, path }: { tone: 'success' | 'danger'; path: string }) {
  return (
    <svg
      className={`status-icon status-icon--${tone}`}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path d={path} />
    </svg>
  );
}

/** /signup (spec §2): the link of the verification e-mail lands here. */
export default function SignupPage() {
  const { verificationToken } = useValidatedSearch(signupSearch);
  const [machine] = useState(() => emailVerificationMachine.provide({ actors: { validateEmail } }));
  const verification = useActorRef(machine, { input: { verificationToken } });
  const state = useSelector(verification, (snapshot) => snapshot.value);

  if (state === 'withoutToken') return <Redirect to={appPaths.logout} replace />;
  if (state === 'verifying') return <AuthStatus text="Verificando seu e-mail..." />;
  if (state === 'verified') {
    return (
      <div className="centered-page">
        <section className="card auth-card" aria-labelledby="signup-title">
          <CardIcon tone="success" path={checkIcon} />
          <h1 id="signup-title" className="card__title">
            E-mail verificado
          </h1>
          <p className="card__text auth-card__text">
            Seu e-mail foi confirmado. Agora entre na sua conta para continuar.
          </p>
          <a className="button button--primary" href={hostedLoginUrl()}>
            Entrar
          </a>
        </section>
      </div>
    );
  }
  return (
    <div className="centered-page">
      <section className="card auth-card" aria-labelledby="signup-title">
        <CardIcon tone="danger" path={alertIcon} />
        <h1 id="signup-title" className="card__title">
          Não foi possível verificar seu e-mail
        </h1>
        <p className="form-error" role="alert">
          {state === 'invalid' ? INVALID_TOKEN_TEXT : VERIFY_FAILED_TEXT}
        </p>
        {state === 'failed' ? (
          <RetryButton onRetry={() => verification.send({ type: 'RETRY' })} />
        ) : (
          <>
            <p className="card__text auth-card__text">O link pode ter expirado ou já ter sido usado.</p>
            <a className="button button--primary" href={hostedLoginUrl()}>
              Ir para o login
            </a>
          </>
        )}
      </section>
    </div>
  );
}
