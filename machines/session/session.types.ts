import type { Role } from '../../contracts/roles';
import type { FeatureFlags, SessionCheck, SessionUser } from '../../contracts/session';

/** The client's session (spec §3): what the app knows about who is signed in. */
export interface Session {
  isAuthenticated: boolean;
  user: SessionUser | null;
  company: { id: string } | null;
  /** Their role in the current company (issue 15): what the app offers them. */
  role: Role | null;
  /** How many companies they belong to; more than one offers the switcher. */
  companyCount: number;
  /** The access token. */
  token: string | null;
  refreshToken: string | null;
  needsOnboarding: boolean;
  hasCompany: boolean;
  hasNoCurrentSubscriptionActive: boolean;
  featureFlags: FeatureFlags;
}

export interface SessionContext extends Session {
  /** The clock the refresh timer reads; injectable so paths and tests are deterministic. */
  now: () => number;
}

/** The pair the app keeps in cookies, plus the user id the hosted login hands over with it. */
export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  userId?: string;
}

export interface SessionInput {
  /** Tokens found in the cookies when the app starts; either one is worth a check. */
  accessToken?: string | null;
  refreshToken?: string | null;
  now?: () => number;
}

export interface CheckSessionInput {
  accessToken: string | null;
  refreshToken: string | null;
  /** Ask the server even when a fresh answer is cached (new tokens, or a refresh). */
  force: boolean;
}

/** The check's answer (contract `sessionCheckSchema`); null when the call brought no session. */
export type CheckSessionOutput = SessionCheck | null;

export type SessionEvent =
  /** /login received tokens from the hosted login. */
  | ({ type: 'SIGNED_IN' } & SessionTokens)
  /** A call was refused with 401, or the access token is about to expire. */
  | { type: 'REFRESH' }
  /** /logout was opened; `redirect` (a path of this app) is where to come back to after signing in. */
  | { type: 'LOGOUT'; redirect?: string };
