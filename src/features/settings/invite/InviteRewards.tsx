import { useSelector } from '@xstate/react';
import type { InvitePageActor } from '../../../../machines/invite-page/invite-page.machine';
import { invitePageTexts, rewardLine } from '../../../../machines/invite-page/invite-page.texts';

/** What the person's company earned: "1 mês grátis" per referred company that paid, with the day. */
export function InviteRewards({ actor }: { actor: InvitePageActor }) {
  const rewards = useSelector(actor, (s) => s.context.referral?.rewards ?? []);
  return (
    <section className="card" aria-label={invitePageTexts.rewardsTitle}>
      <h2 className="card__heading">{invitePageTexts.rewardsTitle}</h2>
      {rewards.length === 0 ? (
        <p className="card__text">{invitePageTexts.noRewards}</p>
      ) : (
        <ul className="invite__rewards">
          {rewards.map((reward) => (
            <li key={reward.id}>{rewardLine(reward)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
