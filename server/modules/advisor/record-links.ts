/**
 * The app pages an answer's sources link to. The server may not import machines/app-paths.ts (the
 * client's address book), so these are written here; tests/server/advisor-links.test.ts holds them
 * equal to it.
 */
const segment = (value: string) => encodeURIComponent(value);

export const recordLinks = {
  customer: (id: string) => `/customers/${segment(id)}`,
  task: (id: string) => `/tasks/${segment(id)}`,
  deal: (id: string) => `/sales/${segment(id)}`,
  service: (id: string) => `/settings/services/${segment(id)}/edit`,
  training: '/settings/ai-training',
} as const;
