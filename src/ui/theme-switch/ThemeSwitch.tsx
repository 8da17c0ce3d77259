import { useId } from 'react';
import type { ThemeMode } from '../../lib/theme/theme-mode';
import type { ThemeStore } from '../../lib/theme/theme-store';
import { useTheme } from '../../lib/theme/useTheme';
import './ThemeSwitch.css';

const options: { mode: ThemeMode; label: string; icon: string }[] = [
  {
    mode: 'light',
    label: 'Claro',
    icon: 'M12 3v1.5m0 15V21m9-9h-1.5M4.5 12H3m15.36-6.36-1.06 1.06M6.7 17.3l-1.06 1.06m0-12.72L6.7 6.7m10.6 10.6 1.06 1.06M16 12a4 4 0 1 1-8 0 4 4 0 0 1 8 0Z',
  },
  { mode: 'dark', label: 'Escuro', icon: 'M20 14.5A8.5 8.5 0 0 1 9.5 4a8.5 8.5 0 1 0 10.5 10.5Z' },
  { mode: 'system', label: 'Sistema', icon: 'M4 5h16v11H4ZM9 20h6m-3-4v4' },
];

/**
 * Light, dark or follow the system: native radios, so Tab reaches the group and the arrow keys
 * move within it. Where space is short the frame hides the words (they stay for screen readers).
 */
export function ThemeSwitch({ store }: { store?: ThemeStore }) {
  const { mode, setMode } = useTheme(store);
  const name = useId();
  return (
    <fieldset className="theme-switch">
      <legend className="theme-switch__legend">Tema</legend>
      <div className="theme-switch__options">
        {options.map((option) => (
          <label key={option.mode} className="theme-switch__option" title={option.label}>
            <input
              type="radio"
              name={name}
              value={option.mode}
              checked={mode === option.mode}
              onChange={() => setMode(option.mode)}
            />
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d={option.icon} />
            </svg>
            <span className="theme-switch__text">{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
