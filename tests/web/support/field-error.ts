import { screen } from '@testing-library/react';

/** The error announced beside the field labelled `label` (its describedby alert), or null. */
export function errorBeside(label: string): string | null {
  const ids = screen.getByLabelText(label).getAttribute('aria-describedby')?.split(' ') ?? [];
  const alert = ids
    .map((id) => document.getElementById(id))
    .find((node) => node?.getAttribute('role') === 'alert');
  return alert?.textContent ?? null;
}
