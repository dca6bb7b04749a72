/**
 * The fields of react-hook-form's errors, as paths: 'nombre', and 'documento.empresa.rut' for an
 * error inside a nested object. A list ('especificaciones') stays whole: its rows are checked from
 * the first one.
 */
export function errorPaths(errors: object, prefix = ''): string[] {
  return Object.entries(errors).flatMap(([key, value]) => {
    const name = prefix + key;
    if (typeof value !== 'object' || value === null) return [];
    if (Array.isArray(value) || 'message' in value || 'type' in value) return [name];
    const inner = errorPaths(value as object, `${name}.`);
    return inner.length > 0 ? inner : [name];
  });
}

/**
 * Focuses the first control, in page order, whose name is among the invalid ones (or belongs to
 * one: 'categoria.id' to 'categoria'). react-hook-form focuses in registration order instead,
 * which puts the region and comuna selects (registered by their own component, after the rest of
 * the form) last.
 */
export function focusFirstInvalid(form: HTMLFormElement | null, names: Iterable<string>): void {
  if (!form) return;
  const invalid = new Set(names);
  const isInvalid = (name: string) =>
    invalid.has(name) || [...invalid].some((field) => name.startsWith(`${field}.`));
  for (const element of Array.from(form.elements)) {
    const isControl =
      element instanceof HTMLInputElement ||
      element instanceof HTMLSelectElement ||
      element instanceof HTMLTextAreaElement;
    if (isControl && !element.disabled && isInvalid(element.name)) {
      element.focus();
      return;
    }
  }
}
