import { describe, expect, it } from 'vitest';
import { appPaths, taskAddress } from '../../machines/app-paths';
import { recordLinks } from '../../server/modules/advisor/record-links';

/** The advisor's sources link to the app's own pages (the server keeps its copy of those addresses). */
describe('record links', () => {
  it('are the app paths of each kind of record', () => {
    const id = 'a b/c';
    expect(recordLinks.customer(id)).toBe(appPaths.customer(id));
    expect(recordLinks.task(id)).toBe(taskAddress.detail(appPaths.tasks, id));
    expect(recordLinks.deal(id)).toBe(appPaths.deal(id));
    expect(recordLinks.service(id)).toBe(appPaths.editService(id));
    expect(recordLinks.training).toBe(appPaths.aiTraining);
  });
});
