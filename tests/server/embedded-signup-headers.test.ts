import { describe, expect, it } from 'vitest';
import { computeSecurityHeaders, helmetOptionsFor } from '../../server/http/security-headers';

describe('security headers for Embedded Signup', () => {
  it('keep the popup able to answer its opener, whatever the provider', () => {
    for (const facebookSdkAllowed of [false, true]) {
      const headers = computeSecurityHeaders(helmetOptionsFor({ facebookSdkAllowed }));
      expect(headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    }
  });

  it('allow nothing of Facebook with the local simulator', () => {
    const csp = String(
      computeSecurityHeaders(helmetOptionsFor({ facebookSdkAllowed: false }))['content-security-policy'],
    );
    expect(csp).not.toContain('facebook');
    expect(csp).toContain("script-src 'self';");
  });

  it("allow Facebook's SDK, its frames and calls with Meta", () => {
    const csp = String(
      computeSecurityHeaders(helmetOptionsFor({ facebookSdkAllowed: true }))['content-security-policy'],
    );
    expect(csp).toContain("script-src 'self' https://connect.facebook.net;");
    expect(csp).toContain("frame-src 'self' https://www.facebook.com");
    expect(csp).toContain("connect-src 'self' ws: wss: https://www.facebook.com");
  });
});
