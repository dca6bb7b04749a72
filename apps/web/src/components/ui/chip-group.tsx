export interface ChipOption<T> {
  label: string;
  value: T;
}

interface ChipGroupProps<T> {
  /** Names the group for screen readers ('Categorías', 'Temas'). */
  label: string;
  options: readonly ChipOption<T>[];
  value: T;
  onChange: (value: T) => void;
}

/** One-of-many filter as toggle buttons (aria-pressed), e.g. 'Todos' plus each category. */
export function ChipGroup<T>({ label, options, value, onChange }: ChipGroupProps<T>) {
  return (
    <div className="chips" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.label}
          type="button"
          className="chip"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
