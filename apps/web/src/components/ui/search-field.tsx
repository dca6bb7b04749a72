import { useId, type KeyboardEvent } from 'react';

interface SearchFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  className?: string;
}

/** A labelled search box that Escape clears. */
export function SearchField({ label, value, onChange, placeholder, className }: SearchFieldProps) {
  const id = useId();
  const clearOnEscape = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape' || !value) return;
    // Chromium would also clear a search field by itself; one clearing is enough.
    event.preventDefault();
    onChange('');
  };
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        type="search"
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={clearOnEscape}
      />
    </div>
  );
}
