import { appPaths } from '../../../machines/app-paths';
import { Link } from '../../lib/routing/Link';
import { useDocumentTitle } from '../routing/useDocumentTitle';
import './status-view.css';

export const NO_ACCESS_TITLE = 'Sem acesso';
export const NO_ACCESS_TEXT =
  'Seu perfil na equipe não permite abrir esta página. Fale com o proprietário da empresa.';

/** A page the person's role in the company does not reach (issue 15): why, and the way back. */
export function NoAccessView() {
  useDocumentTitle(NO_ACCESS_TITLE);
  return (
    <section className="status-view" aria-labelledby="no-access-title">
      <div className="status-view__message">
        <h1 id="no-access-title" className="status-view__title">
          {NO_ACCESS_TITLE}
        </h1>
        <p className="status-view__text">{NO_ACCESS_TEXT}</p>
      </div>
      <Link to={appPaths.home} className="button button--primary">
        Voltar para o início
      </Link>
    </section>
  );
}
