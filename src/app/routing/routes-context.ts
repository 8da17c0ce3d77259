import { createContext, useContext } from 'react';
import type { AppRoute } from './route-definition';
import { appRoutes } from './routes';

/** The route table in use: the app's own, or a smaller one a test provides. */
export const RoutesContext = createContext<readonly AppRoute[]>(appRoutes);

export function useRoutes(): readonly AppRoute[] {
  return useContext(RoutesContext);
}
