import { PageHeading } from './PageHeading';

/**
 * The page of a route whose feature has not been built yet: its spec title as the heading (or
 * nothing, where the spec gives none) and no pretend content. A feature replaces it in routes.ts
 * with a page of its own.
 */
export default function TitleOnlyPage() {
  return <PageHeading />;
}
