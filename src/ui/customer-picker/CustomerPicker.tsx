import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { formatCustomerPhone } from '../../../contracts/brazil/customer-phone';
import { appliedSearch } from '../../../machines/search-box/applied-search';
import { searchBoxMachine } from '../../../machines/search-box/search-box.machine';
import { customerPickerQuery } from '../../lib/customers/customer-picker-query';
import './customer-picker.css';

export const NO_CUSTOMER_LABEL = 'Sem cliente';
export const NO_CUSTOMER_FOUND_TEXT = 'Nenhum cliente encontrado.';
export const NO_CUSTOMERS_YET_TEXT = 'Nenhum cliente cadastrado ainda.';
export const FIRST_CUSTOMERS_ONLY_TEXT = 'Mostrando os 100 primeiros. Digite para buscar outros.';

/** A customer as a picker gives it: a follow-up needs the phone (digits with 55, or null). */
export interface PickedCustomer {
  id: string;
  name: string;
  phone: string | null;
}

type CustomerPickerProps = {
  /** The id of the text field, for the label outside. */
  inputId: string;
  value: { id: string; name: string } | null;
  onChange: (customer: PickedCustomer | null) => void;
  /** The text field's class, so it looks like the form's other fields. */
  inputClassName: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
};

/**
 * A customer field: a combobox (WAI-ARIA 1.2, list autocomplete) over the first 100 customers;
 * typing 2 or more characters searches by name, phone or e-mail (spec §5, §9). Arrow keys move
 * through the options, Enter picks, Escape closes; "Sem cliente" leaves it empty. The focus stays
 * in the field, so it works the same with a keyboard, a mouse or a finger.
 */
export function CustomerPicker({
  inputId,
  value,
  onChange,
  inputClassName,
  disabled,
  invalid,
  describedBy,
}: CustomerPickerProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  // What is typed applies once typing pauses; clearing it lists everyone at once.
  const searchBox = useActorRef(searchBoxMachine, { input: { search: '', clearsAtOnce: true } });
  const text = useSelector(searchBox, (snapshot) => snapshot.context.text);
  const search = useSelector(searchBox, (snapshot) => snapshot.context.applied);
  const [active, setActive] = useState(0);
  const popup = useRef<HTMLDivElement>(null);
  const customers = useQuery({
    ...customerPickerQuery(search),
    enabled: open,
    // Keeps the last results on screen while the next search runs.
    placeholderData: keepPreviousData,
  });

  const searching = appliedSearch(text) !== '';
  const found = customers.data?.customers ?? [];
  const options: Array<PickedCustomer | null> = [
    ...(searching ? [] : [null]),
    ...found.map(({ id, name, phone }) => ({ id, name, phone })),
  ];
  const activeIndex = Math.max(0, Math.min(active, options.length - 1));
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    if (disabled) setOpen(false);
  }, [disabled]);

  // The list opens below the field: in a bottom sheet or low on a phone's screen, bring it into
  // view, again once the customers arrive and it grows.
  const shown = open ? options.length : 0;
  useEffect(() => {
    // jsdom and old browsers lack scrollIntoView; the list still works without it.
    if (shown > 0) popup.current?.scrollIntoView?.({ block: 'nearest' });
  }, [shown]);

  useEffect(() => {
    if (!open) return;
    document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' });
  });

  const close = () => {
    setOpen(false);
    searchBox.send({ type: 'TYPE', text: '' });
    setActive(0);
  };
  const choose = (customer: PickedCustomer | null) => {
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
          // Closes the list only, not a dialog the picker is in.
          event.preventDefault();
          event.stopPropagation();
          close();
        }
        return;
      case 'Tab':
        close();
        return;
    }
  };

  const status = customers.isFetching
    ? 'Buscando clientes...'
    : customers.isError
      ? customers.error.message
      : !customers.data
        ? ''
        : found.length === 0
          ? searching
            ? NO_CUSTOMER_FOUND_TEXT
            : NO_CUSTOMERS_YET_TEXT
          : !searching && customers.data.hasNextPage
            ? FIRST_CUSTOMERS_ONLY_TEXT
            : '';

  return (
    <div className="customer-picker">
      <input
        id={inputId}
        className={inputClassName}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && options.length > 0 ? optionId(activeIndex) : undefined}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        placeholder={open ? (value?.name ?? 'Nome, telefone ou e-mail') : NO_CUSTOMER_LABEL}
        value={open ? text : (value?.name ?? '')}
        disabled={disabled}
        onClick={() => setOpen(true)}
        onChange={(event) => {
          searchBox.send({ type: 'TYPE', text: event.target.value });
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      {open ? (
        <div ref={popup} className="customer-picker__popup">
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
            {status}
          </p>
        </div>
      ) : null}
    </div>
  );
}
