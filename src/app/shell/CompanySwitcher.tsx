import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { ROLE_LABELS } from '../../../contracts/roles';
import { companySwitchMachine } from '../../../machines/company-switch/company-switch.machine';
import { companySwitchTexts } from '../../../machines/company-switch/company-switch.paths';
import { useChartNavigation } from '../../lib/navigation/useChartNavigation';
import { RetryButton } from '../../ui/retry-button/RetryButton';
import { recheckSession } from '../session/recheck-session';
import { useSessionActor } from '../session/session-context';
import { listMyCompanies, switchCompany } from './company-calls';
import './company-switcher.css';

const switchIcon = 'M7 7h11l-3-3M17 17H6l3 3';

/**
 * "Trocar de empresa" (issue 15): the person's companies, their role in each; choosing another one
 * switches the session's company, checks the session again, forgets what was read for the other
 * company and goes to /home. Loaded on its own, only for people in more than one company.
 */
export default function CompanySwitcher() {
  const session = useSessionActor();
  const queryClient = useQueryClient();
  const [machine] = useState(() =>
    companySwitchMachine.provide({
      actors: {
        listCompanies: fromPromise(() => listMyCompanies()),
        switchCompany: fromPromise(async ({ input }) => {
          await switchCompany(input.companyId);
          await recheckSession(session);
          // Every list and record read so far was the other company's: forgotten, and what the
          // open page shows read again (removing alone would leave it showing the old company).
          void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
          return null;
        }),
      },
    }),
  );
  const actor = useActorRef(machine);
  useChartNavigation(actor);
  const { value, companies, error } = useSelector(
    actor,
    (snapshot) => ({
      value: String(snapshot.value),
      companies: snapshot.context.companies,
      error: snapshot.context.error,
    }),
    (a, b) => a.value === b.value && a.companies === b.companies && a.error === b.error,
  );
  const open = value !== 'closed' && value !== 'switched';
  return (
    <div className="company-switch">
      <button
        type="button"
        className="app-shell__sign-out"
        aria-expanded={open}
        onClick={() => actor.send({ type: 'OPEN' })}
      >
        <svg className="app-shell__sign-out-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d={switchIcon} />
        </svg>
        <span>{companySwitchTexts.open}</span>
      </button>
      {open ? (
        <section className="card company-switch__panel" aria-label="Suas empresas">
          {value === 'loading' ? (
            <p role="status" className="company-switch__message">
              Carregando empresas...
            </p>
          ) : null}
          {value === 'switching' ? (
            <p role="status" className="company-switch__message">
              {companySwitchTexts.switching}
            </p>
          ) : null}
          {error ? (
            <p role="alert" className="form-error company-switch__message">
              {error}
            </p>
          ) : null}
          {value === 'failed' ? <RetryButton onRetry={() => actor.send({ type: 'RETRY' })} /> : null}
          {value === 'choosing' || value === 'switching' ? (
            <ul className="list list--plain company-switch__list">
              {companies.map((company) => (
                <li key={company.id}>
                  <button
                    type="button"
                    className="company-switch__option"
                    aria-current={company.current ? 'true' : undefined}
                    disabled={value === 'switching'}
                    onClick={() => actor.send({ type: 'CHOOSE', companyId: company.id })}
                  >
                    {`${company.name} · ${ROLE_LABELS[company.role]}`}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <button
            type="button"
            className="button button--secondary"
            disabled={value === 'switching'}
            onClick={() => actor.send({ type: 'CLOSE' })}
          >
            {companySwitchTexts.close}
          </button>
        </section>
      ) : null}
    </div>
  );
}
