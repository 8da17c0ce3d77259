import { useSelector } from '@xstate/react';
import type { ReferredCounters } from '../../../../contracts/referral';
import type { InvitePageActor } from '../../../../machines/invite-page/invite-page.machine';
import { type InviteTexts, invitePageTexts } from '../../../../machines/invite-page/invite-page.texts';

function Counter({
  name,
  title,
  subtitle,
  counters,
  rules,
}: {
  name: string;
  title: string;
  subtitle: string;
  counters: ReferredCounters;
  rules?: { href: string; label: string };
}) {
  return (
    <section className="card invite__counter" aria-label={title} data-counter={name}>
      <div className="card__head">
        <h2 className="card__heading">{title}</h2>
        {rules?.href && (
          <a href={rules.href} target="_blank" rel="noopener noreferrer">
            {rules.label}
          </a>
        )}
      </div>
      {subtitle && <p className="card__text">{subtitle}</p>}
      <dl className="invite__numbers">
        <div>
          <dt>{invitePageTexts.installs}</dt>
          <dd data-count="installs">{counters.totalInstall}</dd>
        </div>
        <div>
          <dt>{invitePageTexts.watchers}</dt>
          <dd data-count="watchers">{counters.totalWatcher}</dd>
        </div>
      </dl>
    </section>
  );
}

/** This week's counter (when the configuration turns it on) and the total. */
export function InviteCounters({ actor, texts }: { actor: InvitePageActor; texts: InviteTexts }) {
  const referral = useSelector(actor, (s) => s.context.referral);
  if (!referral) return null;
  return (
    <div className="invite__counters">
      {texts.current_week_enabled && (
        <Counter
          name="current-week"
          title={texts.current_week_counter_title}
          subtitle={texts.current_week_counter_subtitle}
          counters={referral.currentCampaign}
          rules={{ href: texts.current_week_rules_link, label: texts.current_week_rules_title }}
        />
      )}
      <Counter
        name="total"
        title={texts.total_counter_title}
        subtitle={texts.total_counter_subtitle}
        counters={referral.referredCounters}
      />
    </div>
  );
}
