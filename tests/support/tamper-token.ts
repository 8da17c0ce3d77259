/**
 * The same JWT with the first character of its signature changed. Not the last one: in base64url the
 * last character of an HMAC-SHA256 signature carries 2 unused bits, so some changes there decode to
 * the very same signature.
 */
export function tamperSignature(token: string): string {
  const [header, payload, signature = ''] = token.split('.');
  const first = signature.startsWith('A') ? 'B' : 'A';
  return [header, payload, `${first}${signature.slice(1)}`].join('.');
}
