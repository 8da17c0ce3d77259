import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import {
  clearFollowUpTemplateContract,
  type FollowUpTemplate,
  getFollowUpTemplateContract,
  setFollowUpTemplateContract,
} from '../../../contracts/whatsapp-templates';
import {
  type FollowUpTemplateChoice,
  followUpTemplateMachine,
} from '../../../machines/follow-up-template/follow-up-template.machine';
import { api } from '../../api/client';
import { unwrapEnvelope } from '../../api/unwrap-envelope';
import { whatsappTemplatesQuery } from '../../lib/whatsapp/whatsapp-templates-query';

/** The follow-up template chart wired to GET/PUT/DELETE /api/whatsapp-connections/follow-up-template. */
export function createFollowUpTemplateMachine(queryClient: QueryClient) {
  return followUpTemplateMachine.provide({
    actors: {
      loadChoice: fromPromise<FollowUpTemplateChoice>(async ({ signal }) => {
        const [templates, current] = await Promise.all([
          queryClient.fetchQuery(whatsappTemplatesQuery),
          api
            .get(getFollowUpTemplateContract.url, { schema: getFollowUpTemplateContract.response, signal })
            .then(unwrapEnvelope),
        ]);
        return { templates, chosen: current.followUpTemplate };
      }),
      saveChoice: fromPromise<FollowUpTemplate | null, FollowUpTemplate | null>(async ({ input }) => {
        if (input === null) {
          unwrapEnvelope(
            await api.delete(clearFollowUpTemplateContract.url, {
              schema: clearFollowUpTemplateContract.response,
            }),
          );
          return null;
        }
        const saved = unwrapEnvelope(
          await api.put(setFollowUpTemplateContract.url, {
            body: { template: input },
            schema: setFollowUpTemplateContract.response,
          }),
        ).followUpTemplate;
        return { name: saved.name, language: saved.language };
      }),
    },
  });
}
