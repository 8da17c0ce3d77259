import { useCurrentRoute } from './current-route';

/** The page's <h1>: the route's title from spec §2, the same text as the document title. */
export function PageHeading() {
  const { title } = useCurrentRoute();
  return title ? <h1 className="page-heading">{title}</h1> : null;
}
