import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

/** Who the API answers to: only tokens made for it are accepted. */
export const ACCESS_TOKEN_AUDIENCE = 'fechai-api';

export interface AccessClaims {
  userId: string;
  /** The auth session (refresh token family) the token belongs to; revoking it ends the token too. */
  sessionId: string;
}

export type VerifiedAccess =
  /** expiresAt: when it runs out (ms since the epoch), for holders that outlive a request (realtime). */
  | { status: 'valid'; claims: AccessClaims; expiresAt: number }
  /** Signed by us and otherwise fine, only past its time: a refresh token may renew it. */
  | { status: 'expired'; claims: AccessClaims }
  /** Tampered, foreign (another key, issuer or audience), malformed or missing claims. */
  | { status: 'invalid' };

export interface AccessTokens {
  sign(claims: AccessClaims): Promise<string>;
  verify(token: string): Promise<VerifiedAccess>;
  readonly ttlSeconds: number;
}

export interface AccessTokensOptions {
  /** The signing key, or how to get it: loaded on first use and kept (a failed load is tried again). */
  key: Uint8Array | (() => Promise<Uint8Array>);
  /** The hosted login's public base URL. */
  issuer: string;
  ttlSeconds: number;
}

/** Valid tokens remembered (about 300 bytes each); past it the memory starts again. */
const MAX_VERIFIED_TOKENS = 10_000;

function claimsFrom(payload: { sub?: unknown; sid?: unknown }): AccessClaims | null {
  if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
  return { userId: payload.sub, sessionId: payload.sid };
}

/**
 * Short-lived signed JWTs (HS256) carrying the user and their auth session. Sign outside a database
 * transaction: the key's first load queries the database, and on PGlite (one connection) it would wait
 * for the very transaction that waits for it.
 */
export function createAccessTokens({ key, issuer, ttlSeconds }: AccessTokensOptions): AccessTokens {
  let loaded: Promise<Uint8Array> | undefined;
  const signingKey = (): Promise<Uint8Array> => {
    if (key instanceof Uint8Array) return Promise.resolve(key);
    loaded ??= key().catch((err: unknown) => {
      loaded = undefined;
      throw err;
    });
    return loaded;
  };
  const verified = new Map<string, Extract<VerifiedAccess, { status: 'valid' }>>();
  return {
    ttlSeconds,
    sign: async ({ userId, sessionId }) =>
      new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(issuer)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setIssuedAt()
        // Its own id: two tokens for one sign-in issued in the same second still differ (logs, audits).
        .setJti(randomUUID())
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(await signingKey()),

    async verify(token) {
      // A token checked once stays what it was until it runs out: its signature and claims cannot
      // change (revocation is the sign-in's, read with the caller). Checking costs a key import and an
      // HMAC on every request; a seen token costs a map lookup.
      const seen = verified.get(token);
      if (seen && seen.expiresAt > Date.now()) return seen;
      const secret = await signingKey();
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          issuer,
          audience: ACCESS_TOKEN_AUDIENCE,
          requiredClaims: ['sub', 'sid', 'exp'],
        });
        const claims = claimsFrom(payload);
        // exp is a required claim, so jose has checked it is there and a number.
        if (!claims) return { status: 'invalid' };
        const valid = { status: 'valid', claims, expiresAt: payload.exp! * 1000 } as const;
        if (verified.size >= MAX_VERIFIED_TOKENS) verified.clear();
        verified.set(token, valid);
        return valid;
      } catch (err) {
        // jose checks the signature before the claims, so an expired token here is one of ours.
        if (err instanceof errors.JWTExpired) {
          const claims = claimsFrom(err.payload);
          if (claims && err.payload.iss === issuer && err.payload.aud === ACCESS_TOKEN_AUDIENCE) {
            return { status: 'expired', claims };
          }
        }
        return { status: 'invalid' };
      }
    },
  };
}
