const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** Centavos as Brazilian reais, the way people there write them: 9700 → "R$ 97,00". */
export function formatBRL(cents: number): string {
  return brl.format(cents / 100);
}
