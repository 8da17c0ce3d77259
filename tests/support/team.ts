import type { Role } from '../../contracts/roles';
import type { TeamInvitation } from '../../contracts/team';
import type { Db } from '../../server/db/types';
import { createTestAccount, type TestAccount, type TestAccountOptions } from './auth';
import { queuedEmails } from './hosted-login';
import { type SignedInApi, type Subscriber, signedInApi } from './signed-in-api';

/** The secret of the newest invitation e-mail queued for `email`, read from its /convite/ link. */
export async function invitationTokenFor(db: Db, email: string): Promise<string> {
  const emails = await queuedEmails(db, email);
  const last = emails.at(-1);
  const token = last?.text.match(/\/convite\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no invitation e-mail for ${email}`);
  return token;
}

export interface Invited {
  account: TestAccount;
  api: SignedInApi;
}

/**
 * A person who got `owner`'s invitation and accepted it through the e-mail's link: a new account (no
 * company of its own unless `options.company`) by default, or `existing`.
 */
export async function joinTeam(
  server: { db: Db; url: string },
  owner: Subscriber,
  role: Exclude<Role, 'owner'>,
  options: { existing?: TestAccount; account?: TestAccountOptions } = {},
): Promise<Invited> {
  const account =
    options.existing ?? (await createTestAccount(server.db, { company: false, ...options.account }));
  const invited = await owner.api.post<{ invitation: TeamInvitation }>('/api/settings/team/invitations', {
    email: account.email,
    role,
  });
  if (invited.status !== 201) throw new Error(`invite answered ${invited.status}: ${invited.body.error}`);
  const api = signedInApi(server.url, account);
  const accepted = await api.post('/api/team/invitations/accept', {
    token: await invitationTokenFor(server.db, account.email),
  });
  if (accepted.status !== 200) throw new Error(`accept answered ${accepted.status}: ${accepted.body.error}`);
  return { account, api };
}
