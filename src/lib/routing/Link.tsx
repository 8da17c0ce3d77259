import { useQueryClient } from '@tanstack/react-query';
import { type AnchorHTMLAttributes, type Ref, useRef } from 'react';
import { Link as WouterLink } from 'wouter';
import { preloadRoute } from './preload-route';
import { useRoutes } from './routes-context';

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * A wouter link that gets its target ready on intent (spec §2: links preload on intent): the first
 * pointer hover, keyboard focus or touch downloads the target page and prefetches its data, once.
 */
export function Link({ to, onPointerEnter, onFocus, onTouchStart, ...rest }: LinkProps) {
  const routes = useRoutes();
  const queryClient = useQueryClient();
  const preloadedFor = useRef<string | undefined>(undefined);

  const preload = () => {
    if (preloadedFor.current === to) return;
    preloadedFor.current = to;
    preloadRoute(routes, to, queryClient);
  };

  return (
    <WouterLink
      {...rest}
      to={to}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        preload();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        preload();
      }}
      onTouchStart={(event) => {
        onTouchStart?.(event);
        preload();
      }}
    />
  );
}
