/**
 * Spec §1: the only events the tag manager forwards to the advertising pixel: task created,
 * customer created, deal created, and the create-task bottom sheet opened (the names the app
 * tracks them by).
 */
export const PIXEL_EVENTS: ReadonlySet<string> = new Set([
  'task created',
  'customer created',
  'deal created',
  'create-task bottom sheet opened',
]);
