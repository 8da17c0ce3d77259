import { type KeyboardEvent, useId, useState } from 'react';
import { CUSTOMER_TAG_MAX, CUSTOMER_TAGS_MAX } from '../../../contracts/customers';

export const TAG_TOO_LONG_TEXT = `Etiquetas têm no máximo ${CUSTOMER_TAG_MAX} caracteres.`;
export const TOO_MANY_TAGS_TEXT = `Use no máximo ${CUSTOMER_TAGS_MAX} etiquetas.`;

/** `tags` plus what is typed, as a list (the typed text becomes a tag when it is valid). */
export function withPendingTag(tags: readonly string[], typed: string): string[] {
  const tag = typed.trim();
  if (tag === '' || tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return [...tags];
  return [...tags, tag];
}

type TagsFieldProps = {
  tags: string[];
  onChange: (tags: string[]) => void;
  /** The text typed and not yet a chip: the form adds it on submit. */
  typed: string;
  onTypedChange: (typed: string) => void;
  error?: string | undefined;
  disabled?: boolean;
};

/**
 * Tags as chips: Enter or a comma makes the typed text a tag, Backspace in the empty field removes
 * the last one, each chip has its own remove button. A tag already there (any case) is not repeated.
 */
export function TagsField({ tags, onChange, typed, onTypedChange, error, disabled }: TagsFieldProps) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error ?? null;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const add = (text: string) => {
    const tag = text.trim();
    if (tag === '') return;
    if (tag.length > CUSTOMER_TAG_MAX) {
      setProblem(TAG_TOO_LONG_TEXT);
      return;
    }
    const next = withPendingTag(tags, tag);
    if (next.length > CUSTOMER_TAGS_MAX) {
      setProblem(TOO_MANY_TAGS_TEXT);
      return;
    }
    setProblem(null);
    onChange(next);
    onTypedChange('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add(typed);
    } else if (event.key === 'Backspace' && typed === '' && tags.length > 0) {
      event.preventDefault();
      setProblem(null);
      onChange(tags.slice(0, -1));
    }
  };

  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Etiquetas
      </label>
      <div className="tags-field" data-invalid={shown ? 'true' : undefined}>
        {tags.length > 0 ? (
          <ul className="tags-field__chips" aria-label="Etiquetas do cliente">
            {tags.map((tag) => (
              <li key={tag} className="badge badge--success tags-field__chip">
                <span>{tag}</span>
                <button
                  type="button"
                  className="tags-field__remove"
                  aria-label={`Remover etiqueta ${tag}`}
                  disabled={disabled}
                  onClick={() => onChange(tags.filter((t) => t !== tag))}
                >
                  <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                    <path d="M4 4l8 8M12 4l-8 8" />
                  </svg>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <input
          id={id}
          data-field="tags"
          className="tags-field__input"
          value={typed}
          disabled={disabled}
          enterKeyHint="enter"
          autoComplete="off"
          placeholder={tags.length === 0 ? 'Ex.: vip, atacado' : undefined}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${errorId} ${hintId}` : hintId}
          onKeyDown={onKeyDown}
          onChange={(event) => {
            const value = event.target.value;
            // A comma typed or pasted ends a tag (phones' keyboards send no key event for it).
            if (value.includes(',')) {
              const parts = value.split(',');
              const rest = parts.pop() ?? '';
              let next = tags;
              for (const part of parts) next = withPendingTag(next, part.slice(0, CUSTOMER_TAG_MAX));
              onChange(next.slice(0, CUSTOMER_TAGS_MAX));
              onTypedChange(rest.trimStart());
              return;
            }
            setProblem(null);
            onTypedChange(value);
          }}
        />
      </div>
      <p id={hintId} className="field__hint">
        Enter ou vírgula adiciona a etiqueta.
      </p>
      {shown ? (
        <p id={errorId} className="form-error" role="alert">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
