import type { Page } from 'playwright-core';
import { INVITATION_PATH_PREFIX } from '../../contracts/team';
import { pollUntil } from './poll';

// playwright-core only (no test runner): `npm run paths` drivers use these too.

/**
 * The invitation link the dev outbox holds for `email` (the newest; a resend or a new invitation
 * makes a new one), once the mail went out.
 */
export function invitationLinkFor(
  page: Page,
  email: string,
  wanted: (link: string) => boolean = () => true,
): Promise<string> {
  return pollUntil(`an invitation e-mail to ${email} in the dev outbox`, async () => {
    const res = await page.request.get(
      `/dev/outbox/messages?${new URLSearchParams({ to: email, channel: 'email' })}`,
    );
    const body = (await res.json()) as { data: { messages: { links: string[] }[] } };
    for (const message of body.data.messages) {
      const link = message.links.find((l) => new URL(l).pathname.startsWith(INVITATION_PATH_PREFIX));
      if (link) return wanted(link) ? link : '';
    }
    return '';
  });
}

/** The token of an invitation link (the last segment of /convite/:token). */
export const invitationToken = (link: string) =>
  decodeURIComponent(new URL(link).pathname.slice(INVITATION_PATH_PREFIX.length));
