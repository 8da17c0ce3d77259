/**
 * A contract's URL with its one `:param` segment filled in, percent-encoded (an id typed or pasted
 * into an address must not change which route is called).
 */
export function contractUrl(template: string, value: string): `/${string}` {
  return template.replace(/:[A-Za-z]+/, encodeURIComponent(value)) as `/${string}`;
}
