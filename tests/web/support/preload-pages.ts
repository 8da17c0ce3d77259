import { beforeAll } from 'vitest';
import { appRoutes } from '../../../src/app/routing/routes';

/**
 * Downloads every page's chunk before the tests of a block, so pages render in the same pass as
 * their route (no Suspense fallback): needed where a fake clock would hold a lazy import back.
 */
export function withPagesPreloaded(): void {
  beforeAll(async () => {
    await Promise.all(appRoutes.flatMap((route) => (route.page ? [route.page.preload()] : [])));
  });
}
