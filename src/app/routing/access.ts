import { type RequiredRole, roleAllows } from '../../../contracts/roles';
import { appPaths } from '../../../machines/app-paths';
import type { SessionStatus } from '../../../machines/session/session-status';
import type { RouteAccess } from '../../lib/routing/route-definition';

export type AccessDecision =
  | { kind: 'show' }
  | { kind: 'wait' }
  | { kind: 'redirect'; to: string }
  | { kind: 'forbidden' };

export interface Whereabouts {
  path: string;
  /** The query string without its "?". */
  search: string;
  /** An iOS or Android device. */
  mobileDevice: boolean;
  /** The user chose "Continuar no navegador" on /download-app. */
  prefersWeb: boolean;
}

const show: AccessDecision = { kind: 'show' };
const wait: AccessDecision = { kind: 'wait' };
const redirect = (to: string): AccessDecision => ({ kind: 'redirect', to });
const forbidden: AccessDecision = { kind: 'forbidden' };

/**
 * Spec §2, the signed-in area's guard order: unauthenticated → /logout with the current path as
 * redirect; needsOnboarding → /onboarding; no active subscription → /paywall; an iOS or Android
 * device → /download-app unless already there; then a role below the route's `minRole` (issue 15)
 * is forbidden: the "Sem acesso" page, in place, so the address stays and the way back is one step.
 * While the first check runs: wait (a loading state, neither the page nor a redirect).
 */
export function decideAccess(
  access: RouteAccess,
  session: SessionStatus,
  here: Whereabouts,
  minRole?: RequiredRole,
): AccessDecision {
  if (access === 'public') return show;
  if (session.phase === 'checking') return wait;
  if (session.phase === 'unauthenticated') {
    if (access === 'signed-in') return redirect(appPaths.logout);
    const current = here.search ? `${here.path}?${here.search}` : here.path;
    return redirect(`${appPaths.logout}?${new URLSearchParams({ redirect: current })}`);
  }
  if (access === 'signed-in') return show;
  if (session.needsOnboarding) return redirect(appPaths.onboarding);
  if (session.hasNoCurrentSubscriptionActive) return redirect(appPaths.paywall);
  if (here.mobileDevice && !here.prefersWeb && !here.path.startsWith(appPaths.downloadApp))
    return redirect(appPaths.downloadApp);
  return minRole === undefined || roleAllows(session.role, minRole) ? show : forbidden;
}

/** Spec §2 "/": where the start address sends the user, by session. */
export function rootDestination(session: SessionStatus): AccessDecision {
  if (session.phase === 'checking') return wait;
  if (session.phase === 'unauthenticated') return redirect(appPaths.login);
  if (session.needsOnboarding) return redirect(appPaths.onboarding);
  if (session.hasNoCurrentSubscriptionActive) return redirect(appPaths.paywall);
  return redirect(appPaths.home);
}
