/**
 * Focuses the first control, in page order, whose name is among the invalid ones (or belongs to
 * one: 'categoria.id' to 'categoria'). react-hook-form focuses in registration order instead,
 * which puts the region and comuna selects (registered by their own component, after the rest of
 * the form) last.
 */
export function focusFirstInvalid(form: HTMLFormElement | null, names: Iterable<string>): void {
  if (!form) return;
  const invalid = new Set(names);
  for (const element of Array.from(form.elements)) {
    const isControl =
      element instanceof HTMLInputElement ||
      element instanceof HTMLSelectElement ||
      element instanceof HTMLTextAreaElement;
    if (isControl && !element.disabled && invalid.has(element.name.split('.')[0]!)) {
      element.focus();
      return;
    }
  }
}
