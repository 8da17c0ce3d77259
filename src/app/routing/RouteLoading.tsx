/** While a page's chunk downloads. The spinner fades in late, so a quick load shows nothing. */
export function RouteLoading() {
  return (
    <div className="route-loading" role="status">
      <span className="route-loading__spinner" aria-hidden="true" />
      <span className="visually-hidden">Carregando...</span>
    </div>
  );
}
