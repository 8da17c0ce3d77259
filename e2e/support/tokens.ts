import { decodeJwt, SignJWT } from 'jose';

/** The end-to-end server's signing key (playwright.config.ts passes it as AUTH_SECRET). */
export const E2E_AUTH_SECRET = 'e2e-only-signing-key-0123456789abcdef';

/**
 * The same access token, already expired: what a browser holds after the tab slept past the token's
 * lifetime. Same key, issuer, audience, user and sign-in, so only its age is wrong.
 */
export async function expiredCopyOf(accessToken: string): Promise<string> {
  const claims = decodeJwt(accessToken);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub!)
    .setIssuer(claims.iss!)
    .setAudience(claims.aud as string)
    .setIssuedAt(now - 1000)
    .setExpirationTime(now - 100)
    .sign(new TextEncoder().encode(E2E_AUTH_SECRET));
}

/** A token signed with a key that is not the server's: looks right, must be refused. */
export async function foreignCopyOf(accessToken: string): Promise<string> {
  const claims = decodeJwt(accessToken);
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub!)
    .setIssuer(claims.iss!)
    .setAudience(claims.aud as string)
    .setExpirationTime('10m')
    .sign(new TextEncoder().encode('some-other-deployments-key-0123456789'));
}
