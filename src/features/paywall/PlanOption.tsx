import type { Plan } from '../../../contracts/billing';
import { formatBRL } from '../../lib/format/currency';

const PER_INTERVAL: Record<Plan['interval'], string> = { month: '/mês', year: '/ano' };

type PlanOptionProps = {
  plan: Plan;
  checked: boolean;
  disabled: boolean;
  onSelect: () => void;
};

/** One plan as a selectable card: a radio button whose label is the whole card. */
export function PlanOption({ plan, checked, disabled, onSelect }: PlanOptionProps) {
  const yearly = plan.interval === 'year';
  return (
    <label className={checked ? 'plan-option plan-option--checked' : 'plan-option'}>
      <input
        type="radio"
        name="plan"
        value={plan.id}
        checked={checked}
        disabled={disabled}
        onChange={onSelect}
        className="plan-option__radio"
      />
      <span className="plan-option__head">
        <span className="plan-option__name">{plan.name}</span>
        {plan.savingsPercent > 0 ? (
          <span className="plan-option__badge">economize {plan.savingsPercent}%</span>
        ) : null}
      </span>
      <span className="plan-option__price">
        <span className="plan-option__amount">{formatBRL(plan.priceCents)}</span>
        <span className="plan-option__interval">{PER_INTERVAL[plan.interval]}</span>
      </span>
      <span className="plan-option__note">
        {yearly
          ? `equivale a ${formatBRL(plan.monthlyEquivalentCents)}/mês`
          : 'cobrado todo mês, cancele quando quiser'}
      </span>
    </label>
  );
}
