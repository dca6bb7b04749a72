import { useEffect, useId, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';

interface ComboboxProps<T> {
  label: string;
  /** The text typed, kept by the caller. */
  value: string;
  onValueChange: (text: string) => void;
  /** Enter while no option is highlighted: the caller acts on the text itself. */
  onSubmit?: () => void;
  /** Focus left the box (Tab, a click elsewhere); the list has closed. */
  onBlur?: () => void;
  /** The options for the text typed; an empty list keeps the popup closed. */
  options: readonly T[];
  optionKey: (option: T) => string | number;
  renderOption: (option: T) => ReactNode;
  /** An option chosen by Enter, click or tap. */
  onSelect: (option: T) => void;
  /** Names the list of options for screen readers ('Sugerencias'). */
  listLabel: string;
  /** What the polite live region says when the list opens with n options. */
  describeCount: (n: number) => string;
  /** Options for the current text are on their way. */
  loading?: boolean;
  /** Shown under the box while loading with nothing to show yet. */
  loadingText?: string;
  name?: string;
  placeholder?: string;
  className?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A text box that suggests options while typing: the WAI-ARIA 1.2 combobox with a listbox popup
 * (aria-autocomplete="list"). Focus stays in the box; ArrowDown/ArrowUp move the highlighted
 * option (aria-activedescendant), Enter chooses it, Escape closes the list and, once closed,
 * clears the text; Tab leaves. A polite live region says how many options there are.
 */
export function Combobox<T>({
  label,
  value,
  onValueChange,
  onSubmit,
  onBlur,
  options,
  optionKey,
  renderOption,
  onSelect,
  listLabel,
  describeCount,
  loading = false,
  loadingText = 'Buscando…',
  name,
  placeholder,
  className,
  inputRef,
}: ComboboxProps<T>) {
  const inputId = useId();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // New options under the pointer: nothing stays highlighted that the shopper did not choose.
  const optionKeys = options.map(optionKey).join('\n');
  const [seenKeys, setSeenKeys] = useState(optionKeys);
  if (optionKeys !== seenKeys) {
    setSeenKeys(optionKeys);
    setActive(-1);
  }

  const count = options.length;
  const expanded = open && count > 0;
  const optionId = (index: number) => `${listId}-${index}`;

  const activeId = expanded && active >= 0 ? optionId(active) : undefined;
  useEffect(() => {
    // A long list scrolls to keep the highlighted option in view (jsdom has no scrolling).
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const choose = (option: T) => {
    close();
    onSelect(option);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (count === 0) return;
        event.preventDefault();
        const down = event.key === 'ArrowDown';
        setOpen(true);
        if (event.altKey) return;
        if (!expanded || active < 0) setActive(down ? 0 : count - 1);
        else setActive((active + (down ? 1 : count - 1)) % count);
        return;
      }
      case 'Enter': {
        const option = expanded && active >= 0 ? options[active] : undefined;
        if (option !== undefined) {
          event.preventDefault();
          choose(option);
          return;
        }
        close();
        onSubmit?.();
        return;
      }
      case 'Escape':
        // Chromium would clear a search box on Escape by itself; each press does one thing here.
        if (expanded) {
          event.preventDefault();
          close();
        } else if (value !== '') {
          event.preventDefault();
          onValueChange('');
        }
        return;
    }
  };

  return (
    <div className={['form-field combobox', className].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className="form-field__label">
        {label}
      </label>
      <div className="combobox__anchor">
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          name={name}
          placeholder={placeholder}
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeId}
          value={value}
          onChange={(event) => {
            onValueChange(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            close();
            onBlur?.();
          }}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={listLabel}
          aria-busy={loading || undefined}
          className="combobox__list"
          hidden={!expanded}
        >
          {options.map((option, index) => (
            <li
              key={optionKey(option)}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className="combobox__option"
              // Keeps focus in the box, so the list is still there when the click arrives.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
            >
              {renderOption(option)}
            </li>
          ))}
        </ul>
        {open && loading && count === 0 && <p className="combobox__note">{loadingText}</p>}
      </div>
      <p role="status" className="visually-hidden">
        {expanded ? describeCount(count) : ''}
      </p>
    </div>
  );
}
