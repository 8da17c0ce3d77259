const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const compact = new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 });

/** Centavos as Brazilian reais, the way people there write them: 9700 → "R$ 97,00". */
export function formatBRL(cents: number): string {
  return brl.format(cents / 100);
}

/** Reais in few characters, for a chart's label: 150000 centavos → "1,5 mil". */
export function formatCompactReais(cents: number): string {
  return compact.format(Math.round(cents / 100));
}
