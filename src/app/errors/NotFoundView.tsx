import { Link } from '../../lib/routing/Link';
import './status-view.css';

/** Spec §2: a path no route matches. */
export function NotFoundView() {
  return (
    <main className="status-view status-view--page">
      <p className="status-view__code" aria-hidden="true">
        404
      </p>
      <h1 className="status-view__title">Not Found</h1>
      <Link to="/" className="button button--primary">
        Voltar para o início
      </Link>
    </main>
  );
}
