import './status-view.css';

type UnexpectedErrorViewProps = {
  /** The whole page (the root boundary) rather than the content area of the app frame. */
  fullPage?: boolean;
};

/** Spec §2 and §8: the screen for an unexpected rendering error. */
export function UnexpectedErrorView({ fullPage = false }: UnexpectedErrorViewProps) {
  const View = fullPage ? 'main' : 'section';
  return (
    <View
      className={fullPage ? 'status-view status-view--page' : 'status-view'}
      aria-labelledby="unexpected-error-title"
    >
      <svg
        className="status-icon status-icon--danger"
        viewBox="0 0 24 24"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M12 8v5m0 3.5h.01M10.3 3.9 2.4 17.6A2 2 0 0 0 4.1 20.6h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
      </svg>
      {/* Announced as it appears: the page the user was looking at is gone. */}
      <div className="status-view__message" role="alert">
        <h1 id="unexpected-error-title" className="status-view__title">
          Algo deu errado
        </h1>
        <p className="status-view__text">Ocorreu um erro inesperado. Por favor, recarregue a página.</p>
      </div>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        Recarregar página
      </button>
    </View>
  );
}
