import type { InputHTMLAttributes } from 'react';
import { formatBRL } from '../../lib/format/currency';
import { centsFromTyped } from './money-input';

type MoneyInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  cents: number | null;
  onCents: (cents: number | null) => void;
  /** Digits that would go past this are not taken. */
  maxCents: number;
};

/** A BRL amount ("R$ 1.234,56") typed as digits from the cents; the numeric keypad on phones. */
export function MoneyInput({ cents, onCents, maxCents, ...input }: MoneyInputProps) {
  return (
    <input
      {...input}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      value={cents === null ? '' : formatBRL(cents)}
      onChange={(event) => {
        const next = centsFromTyped(event.target.value);
        if (next === null || next <= maxCents) onCents(next);
      }}
    />
  );
}
