import { createContext, useContext } from 'react';
import type { AppRoute } from './route-definition';

/**
 * The route table in use. The app's root hands it in (src/main.tsx passes the table with the page
 * loaders, a test its own), so nothing a page imports depends on the table that loads the pages.
 * Outside the app (a view rendered on its own) there is no table: links still navigate, they only
 * have nothing to preload.
 */
export const RoutesContext = createContext<readonly AppRoute[]>([]);

export function useRoutes(): readonly AppRoute[] {
  return useContext(RoutesContext);
}
