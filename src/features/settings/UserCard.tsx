import { useQuery } from '@tanstack/react-query';
import { formatBrazilianPhone } from '../../../contracts/brazil/mobile-phone';
import { settingsUserQuery } from './settings-user-query';

/** Spec §8, to the letter. */
export const USER_LOAD_FAILED_TEXT = 'Erro ao carregar dados do usuário';

/** /settings: who is signed in, from GET /api/settings/user. */
export function UserCard() {
  const query = useQuery(settingsUserQuery);
  return (
    <section className="card card--start" aria-labelledby="settings-account">
      <h2 id="settings-account" className="card__heading">
        Sua conta
      </h2>
      {query.isPending ? (
        <p className="card__text" role="status">
          Carregando seus dados...
        </p>
      ) : query.isError ? (
        <p className="form-error" role="alert">
          {USER_LOAD_FAILED_TEXT}
        </p>
      ) : (
        <dl className="details">
          <div className="details__row">
            <dt>Nome</dt>
            <dd>{query.data.name ?? '—'}</dd>
          </div>
          <div className="details__row">
            <dt>E-mail</dt>
            <dd>{query.data.email}</dd>
          </div>
          <div className="details__row">
            <dt>Celular</dt>
            <dd>
              {query.data.mobilePhone
                ? formatBrazilianPhone(query.data.mobilePhone)
                : 'Nenhum celular cadastrado'}
            </dd>
          </div>
          {query.data.company ? (
            <div className="details__row">
              <dt>Empresa</dt>
              {/* Spec §3: the name, else the business name, else a placeholder. */}
              <dd>{query.data.company.name || query.data.company.businessName || 'Nome da empresa'}</dd>
            </div>
          ) : null}
        </dl>
      )}
    </section>
  );
}
