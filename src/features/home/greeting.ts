/** "Bom dia" from 5:00, "Boa tarde" from 12:00, "Boa noite" from 18:00, by the person's clock. */
export function greetingFor(hour: number, firstName: string | null): string {
  const part = hour >= 5 && hour < 12 ? 'Bom dia' : hour >= 12 && hour < 18 ? 'Boa tarde' : 'Boa noite';
  const name = firstName?.trim();
  return name ? `${part}, ${name}!` : `${part}!`;
}
