import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { formatCustomerPhone } from '../../../contracts/brazil/customer-phone';
import type { TaskFormCustomer } from '../../../machines/task-form/task-form.values';
import { customerPickerQuery, MIN_SEARCH_LENGTH } from './customer-picker-query';

export const NO_CUSTOMER_LABEL = 'Sem cliente';
/** The search waits for the typing to pause this long. */
export const SEARCH_DEBOUNCE_MS = 300;

type CustomerPickerProps = {
  /** The id of the text field, for the label outside. */
  inputId: string;
  value: TaskFormCustomer | null;
  onChange: (customer: TaskFormCustomer | null) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
};

/**
 * The task's customer: a combobox (WAI-ARIA 1.2, list autocomplete). Opening it lists the first
 * 100 customers; typing 2 or more characters searches by name, phone or e-mail. Arrow keys move
 * through the options, Enter picks, Escape closes; "Sem cliente" leaves the task without one.
 */
export function CustomerPicker({
  inputId,
  value,
  onChange,
  disabled,
  invalid,
  describedBy,
}: CustomerPickerProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const search = useDebouncedSearch(text);
  const customers = useQuery({
    ...customerPickerQuery(search),
    enabled: open,
    // Keeps the last results on screen while the next search runs.
    placeholderData: keepPreviousData,
  });

  const searching = text.trim().length >= MIN_SEARCH_LENGTH;
  const options: Array<TaskFormCustomer | null> = [
    ...(searching ? [] : [null]),
    ...(customers.data?.customers ?? []).map(({ id, name, phone }) => ({ id, name, phone })),
  ];
  const activeIndex = Math.max(0, Math.min(active, options.length - 1));
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    if (disabled) setOpen(false);
  }, [disabled]);

  useEffect(() => {
    if (!open) return;
    // jsdom and old browsers lack scrollIntoView; the list still works without it.
    document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' });
  });

  const close = () => {
    setOpen(false);
    setText('');
    setActive(0);
  };
  const choose = (customer: TaskFormCustomer | null) => {
    onChange(customer);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else setActive(Math.min(activeIndex + 1, options.length - 1));
        return;
      case 'ArrowUp':
        event.preventDefault();
        setActive(Math.max(activeIndex - 1, 0));
        return;
      case 'Enter': {
        // Enter picks; it must not submit the form around the picker.
        if (!open) return;
        event.preventDefault();
        const option = options[activeIndex];
        if (option !== undefined) choose(option);
        return;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          close();
        }
        return;
      case 'Tab':
        close();
        return;
    }
  };

  return (
    <div className="customer-picker">
      <input
        id={inputId}
        className="task-field__input"
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && options.length > 0 ? optionId(activeIndex) : undefined}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        placeholder={open ? (value?.name ?? 'Buscar cliente') : NO_CUSTOMER_LABEL}
        value={open ? text : (value?.name ?? '')}
        disabled={disabled}
        onClick={() => setOpen(true)}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      {open ? (
        <div className="customer-picker__popup">
          <div id={listId} role="listbox" aria-label="Clientes" className="customer-picker__list">
            {options.map((customer, index) => (
              // The focus stays in the field (aria-activedescendant), whose keys pick the options.
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox field handles the keyboard.
              <div
                key={customer?.id ?? 'none'}
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                aria-selected={index === activeIndex}
                className="customer-picker__option"
                // Keeps the focus in the field, so its blur does not close the list before the click.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(customer)}
              >
                {customer ? (
                  <>
                    <span className="customer-picker__name">{customer.name}</span>
                    <span className="customer-picker__phone">
                      {customer.phone ? formatCustomerPhone(customer.phone) : 'sem WhatsApp'}
                    </span>
                  </>
                ) : (
                  <span className="customer-picker__name">{NO_CUSTOMER_LABEL}</span>
                )}
              </div>
            ))}
          </div>
          <p className="customer-picker__status" role="status">
            {customers.isFetching
              ? 'Buscando clientes...'
              : customers.isError
                ? customers.error.message
                : searching && customers.data?.customers.length === 0
                  ? 'Nenhum cliente encontrado.'
                  : ''}
          </p>
        </div>
      ) : null}
    </div>
  );
}

function useDebouncedSearch(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    // Clearing the search shows everyone at once; only typing waits.
    if (text.trim().length < MIN_SEARCH_LENGTH) {
      setSettled('');
      return;
    }
    const timer = setTimeout(() => setSettled(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}
