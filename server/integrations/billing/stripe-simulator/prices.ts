/** A recurring price the simulator sells (Stripe's prices are made in its dashboard; these come from config). */
export interface SimulatorPrice {
  id: string;
  /** Shown on the checkout page, e.g. "Fechaí Mensal". */
  nickname: string;
  /** Centavos. */
  unitAmount: number;
  currency: 'brl';
  interval: 'month' | 'year';
}

/** The embedded simulator's prices, one per plan; the id names the amount, so a new price in config is a new price. */
export function simulatorPrices(priceCents: { monthly: number; yearly: number }): {
  monthly: SimulatorPrice;
  yearly: SimulatorPrice;
} {
  return {
    monthly: {
      id: `price_sim_monthly_${priceCents.monthly}`,
      nickname: 'Fechaí Mensal',
      unitAmount: priceCents.monthly,
      currency: 'brl',
      interval: 'month',
    },
    yearly: {
      id: `price_sim_yearly_${priceCents.yearly}`,
      nickname: 'Fechaí Anual',
      unitAmount: priceCents.yearly,
      currency: 'brl',
      interval: 'year',
    },
  };
}

/** The price as Stripe's API shows it. */
export function priceObject(price: SimulatorPrice) {
  return {
    id: price.id,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created: 1_700_000_000,
    currency: price.currency,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: price.nickname,
    product: 'prod_fechai',
    recurring: { interval: price.interval, interval_count: 1, usage_type: 'licensed' },
    type: 'recurring',
    unit_amount: price.unitAmount,
  };
}
