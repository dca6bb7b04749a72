/**
 * Between the server's HTML and hydration a visitor can already type and press a button. React adopts
 * the very same DOM nodes, but react-hook-form writes each field's default value as it registers it,
 * so what was typed would vanish; and a native submit would send the form as a GET with its fields
 * (a password) in the address. `holdEarlyInput` holds submits from the moment the app's script runs;
 * `snapshot` remembers what was typed just before hydrating, and what is typed while hydrating (it
 * yields to the browser, so a visitor can keep typing); `release`, once React owns the page, types
 * it again through real input events (the forms see it as typing) and sends a held submit.
 */
export interface EarlyInput {
  snapshot(): void;
  release(): void;
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface Typed {
  field: Field;
  value: string;
  checked: boolean;
}

const isToggle = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

function wasChanged(field: Field): boolean {
  if (isToggle(field)) return field.checked !== field.defaultChecked;
  if (field instanceof HTMLSelectElement) {
    return Array.from(field.options).some((option) => option.selected !== option.defaultSelected);
  }
  if (field instanceof HTMLInputElement && (field.type === 'file' || field.type === 'hidden'))
    return false;
  return field.value !== field.defaultValue;
}

/** Sets a value the way typing does, so React's onChange (and react-hook-form) see it. */
function typeAgain({ field, value, checked }: Typed): void {
  if (!field.isConnected || field.disabled) return;
  if (isToggle(field)) {
    if (field.checked !== checked) field.click();
    return;
  }
  if (field.value === value) return;
  const prototype = Object.getPrototypeOf(field) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (setter) setter.call(field, value);
  else field.value = value;
  field.dispatchEvent(
    new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
  );
}

export function holdEarlyInput(container: HTMLElement): EarlyInput {
  let typed: Typed[] = [];
  let held: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;

  const holdSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    held = { form: event.target as HTMLFormElement, submitter: event.submitter };
  };
  document.addEventListener('submit', holdSubmit, true);

  const typedOf = (field: Field): Typed => ({
    field,
    value: field.value,
    checked: isToggle(field) && field.checked,
  });
  const recordTyping = (event: Event) => {
    const field = event.target;
    if (
      !(field instanceof HTMLInputElement) &&
      !(field instanceof HTMLTextAreaElement) &&
      !(field instanceof HTMLSelectElement)
    ) {
      return;
    }
    typed = typed.filter((entry) => entry.field !== field);
    if (wasChanged(field)) typed.push(typedOf(field));
  };

  return {
    snapshot() {
      typed = Array.from(container.querySelectorAll<Field>('input, textarea, select'))
        .filter(wasChanged)
        .map(typedOf);
      container.addEventListener('input', recordTyping, true);
      container.addEventListener('change', recordTyping, true);
    },
    release() {
      document.removeEventListener('submit', holdSubmit, true);
      container.removeEventListener('input', recordTyping, true);
      container.removeEventListener('change', recordTyping, true);
      typed.forEach(typeAgain);
      typed = [];
      if (held?.form.isConnected) {
        const { form, submitter } = held;
        const ownSubmitter =
          (submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) &&
          submitter.form === form &&
          submitter.type === 'submit'
            ? submitter
            : undefined;
        form.requestSubmit(ownSubmitter);
      }
      held = null;
    },
  };
}
