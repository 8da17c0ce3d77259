import { type Plan, type PlanId, planIds } from '../../../contracts/billing';
import type { BillingConfig } from '../../config';

const names: Record<PlanId, string> = { monthly: 'Mensal', yearly: 'Anual' };
const intervals: Record<PlanId, Plan['interval']> = { monthly: 'month', yearly: 'year' };

/** What every plan includes (the paywall lists these). */
export const PLAN_FEATURES: string[] = [
  'Clientes organizados em um só lugar',
  'Tarefas com mensagens de follow-up pelo WhatsApp',
  'Funil de vendas para acompanhar cada negociação',
  'Cadastro dos seus serviços',
  'Consultor de IA que sugere mensagens e próximos passos',
  'Treinamento da IA com as informações da sua empresa',
  'Conexão com o WhatsApp Business',
  'Indique e Ganhe',
  'Suporte em português',
];

/** The plans as the paywall shows them, priced from config (BRL centavos). */
export function planCatalog(priceCents: BillingConfig['priceCents']): Record<PlanId, Plan> {
  const yearlyMonthly = Math.round(priceCents.yearly / 12);
  // What a year costs on the yearly plan against twelve monthly payments; never negative.
  const savings = Math.max(0, Math.round((1 - priceCents.yearly / (priceCents.monthly * 12)) * 100));
  const plan = (id: PlanId, price: number, monthlyEquivalentCents: number, savingsPercent: number): Plan => ({
    id,
    name: names[id],
    interval: intervals[id],
    priceCents: price,
    monthlyEquivalentCents,
    savingsPercent,
    currency: 'BRL',
  });
  return {
    monthly: plan('monthly', priceCents.monthly, priceCents.monthly, 0),
    yearly: plan('yearly', priceCents.yearly, yearlyMonthly, savings),
  };
}

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (planIds as readonly string[]).includes(value);
}
