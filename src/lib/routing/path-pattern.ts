export type PathPattern = { regexp: RegExp; keys: string[] };

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Compiles a route path of fixed segments and `:name` segments, the syntax wouter uses. Like
 * wouter, the match ignores case and a trailing slash: /paywall and /paywall/ are the same page.
 */
export function compilePath(path: string): PathPattern {
  const keys: string[] = [];
  const source = path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (!segment.startsWith(':')) return `/${escapeRegExp(segment)}`;
      keys.push(segment.slice(1));
      return '/([^/]+)';
    })
    .join('');
  return { regexp: new RegExp(`^${source}/?$`, 'i'), keys };
}

/** The named segments of a matching path, still percent-encoded; undefined when it does not match. */
export function matchPath(pattern: PathPattern, path: string): Record<string, string> | undefined {
  const found = pattern.regexp.exec(path);
  if (!found) return undefined;
  return Object.fromEntries(pattern.keys.map((key, index) => [key, found[index + 1] ?? '']));
}
