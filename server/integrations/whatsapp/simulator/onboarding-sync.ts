import { createHash } from 'node:crypto';
import type { MessagingContext } from './business-send';
import { contactSync, historySync } from './customer-actions';
import { findNumber } from './store';

/**
 * What Meta does by itself after a coexistence number's smb_app_data calls: the Business app's
 * contacts (smb_app_state_sync) and its chat history (history, in chunks, out of order) come as
 * signed webhooks, here a few seeded contacts and a short history with the first of them.
 */

export type SyncType = 'smb_app_state_sync' | 'history';

/**
 * As Meta does, the shared data comes a while later, never inside the call (the app stores its
 * connection only once its Graph calls have returned, and looks again for a while at a change for a
 * number it does not know yet). The emitter keeps retrying until the app answers 200.
 */
export const ONBOARDING_SYNC_DELAY_MS = 1000;

/** The Business app's address book on every simulated number. */
export const SEEDED_CONTACTS = [
  { name: 'Maria Oliveira', phone: '5511987650101' },
  { name: 'João Pereira', phone: '5521976540202' },
  { name: 'Conceição Araújo', phone: '5531965430303' },
] as const;

/**
 * The seeded history's ids depend only on the number and the message's place, so sharing it again
 * (the number reconnected) repeats the same wamids and the app keeps one copy.
 */
const seededWamid = (phoneNumberId: string, key: string) =>
  `wamid.${createHash('sha256').update(`${phoneNumberId}:history:${key}`).digest('base64').slice(0, 40)}`;

/** Queues what Meta sends after one smb_app_data call; nothing when no app is subscribed. */
export async function shareAfterSync(
  ctx: MessagingContext,
  phoneNumberId: string,
  syncType: SyncType,
  delayMs = ONBOARDING_SYNC_DELAY_MS,
): Promise<void> {
  const number = await findNumber(ctx.db, phoneNumberId);
  if (!number?.coexistence || !number.subscribed) return;
  if (syncType === 'smb_app_state_sync') {
    await contactSync(
      ctx,
      number,
      SEEDED_CONTACTS.map((contact) => ({ ...contact })),
      { delayMs },
    );
    return;
  }
  const [first] = SEEDED_CONTACTS;
  await historySync(ctx, number, {
    customer: first.phone,
    name: first.name,
    chunksPerPhase: 1,
    outOfOrder: true,
    wamidFor: (key) => seededWamid(phoneNumberId, key),
    delayMs,
  });
}
