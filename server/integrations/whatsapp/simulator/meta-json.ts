/**
 * JSON as Meta writes its webhook bodies: every non-ASCII character as a \uXXXX escape (UTF-16
 * units, so an emoji is a surrogate pair) and "/" as "\/". A receiver that parses and re-serialises
 * the body before checking the signature gets different bytes and fails, as it would with Meta.
 */
export function metaJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replaceAll('/', '\\/');
}
