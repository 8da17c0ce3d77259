import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useLocation } from 'wouter';
import { appPaths } from '../../../machines/app-paths';
import { preloadRoute } from '../../lib/routing/preload-route';
import { useRoutes } from '../../lib/routing/routes-context';

/**
 * "Pergunte ao consultor" on /home: the question opens the advisor, which asks it
 * (/home/advisor?search=…). Kept tiny: the advisor's own code loads with its page, fetched as soon
 * as the field is used.
 */
export function AdvisorAsk() {
  const [, navigate] = useLocation();
  const routes = useRoutes();
  const queryClient = useQueryClient();
  const ask = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const question = String(new FormData(event.currentTarget).get('question') ?? '').trim();
    navigate(
      question ? `${appPaths.homeAdvisor}?search=${encodeURIComponent(question)}` : appPaths.homeAdvisor,
    );
  };
  return (
    <form className="card card--start home-advisor" onSubmit={ask}>
      <label className="card__heading" htmlFor="home-advisor-question">
        Pergunte ao consultor
      </label>
      <div className="home-advisor__row">
        <input
          id="home-advisor-question"
          name="question"
          className="field__input"
          maxLength={1000}
          placeholder="Ex.: clientes sem resposta"
          onFocus={() => preloadRoute(routes, appPaths.homeAdvisor, queryClient)}
        />
        <button type="submit" className="button button--primary">
          Perguntar
        </button>
      </div>
    </form>
  );
}
