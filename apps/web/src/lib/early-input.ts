/**
 * Between the server's HTML and hydration a visitor can already type, tick and press buttons.
 * React adopts the very same DOM nodes, but it does not learn from them what the visitor did:
 *
 * - A field the app controls (`value`/`checked` from state: the list's search box, its prices,
 *   sort, facet boxes) is hydrated as it is found. React keeps what was typed on screen and takes
 *   it as the field's current value, while its state still holds the server's: the text stays in
 *   the box, the list is not filtered, and typing it again is "no change" to React.
 * - react-hook-form writes each field's default value as it registers it, so what was typed vanishes.
 * - A click on a button (the menu, 'Añadir al carrito') has no listener yet and is lost.
 * - A native submit leaves the page (forms holding personal data are method="post", so their
 *   fields never reach the address or a request log even before the entry runs).
 *
 * `holdEarlyInput` holds submits and clicks from the moment the entry's script runs; `snapshot`
 * (just before hydrating) remembers what was typed, and from then on what is typed while
 * hydrating (it yields to the browser); clicks from then on are React's own (it replays a click on
 * a part not hydrated yet). `release`, once React owns the page, types everything again through
 * real input events (the forms see it as typing), presses the held buttons again in order, and
 * sends a held submit.
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
  /** Changed before hydration began: React then found it so, not saw it change. */
  beforeHydration: boolean;
}

const isToggle = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement ||
  target instanceof HTMLTextAreaElement ||
  target instanceof HTMLSelectElement;

function wasChanged(field: Field): boolean {
  if (isToggle(field)) return field.checked !== field.defaultChecked;
  if (field instanceof HTMLSelectElement) {
    return Array.from(field.options).some((option) => option.selected !== option.defaultSelected);
  }
  if (field instanceof HTMLInputElement && (field.type === 'file' || field.type === 'hidden'))
    return false;
  return field.value !== field.defaultValue;
}

/**
 * Sets a value the way typing does, so React's onChange (and react-hook-form) see it. React
 * watches the `value`/`checked` property of each field it owns and calls onChange only when the
 * field differs from what it last saw; after hydration it has seen the typed text already. So the
 * field is first set, through that watched property, to what React rendered (`defaultValue`,
 * `defaultChecked`, which React keeps equal to its state), then typed again past React's watch.
 */
function typeAgain({ field, value, checked, beforeHydration }: Typed): void {
  if (!field.isConnected || field.disabled) return;
  if (isToggle(field)) {
    // A radio is chosen by choosing another one of its group.
    if (field.type === 'radio' && !checked) return;
    // A box ticked while hydrating went through React's own click (a click is not idempotent,
    // unlike typing the same text again); React keeps `defaultChecked` only as it hydrated it.
    const reactSaw = beforeHydration ? field.defaultChecked : field.checked;
    if (field.checked === checked && reactSaw === checked) return;
    field.checked = !checked;
    field.click();
    return;
  }
  if (field instanceof HTMLSelectElement) {
    // React keeps no watch on a select: every change event is a change to it.
    field.value = value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  if (field.value === value) {
    if (field.defaultValue === value) return;
    field.value = field.defaultValue;
  }
  const prototype = Object.getPrototypeOf(field) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (setter) setter.call(field, value);
  else field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** A button whose click only the app can act on: not one that submits its form (held apart). */
function appButtonOf(target: EventTarget | null): HTMLButtonElement | null {
  const button = target instanceof Element ? target.closest('button') : null;
  if (!button || button.disabled || button.getAttribute('aria-disabled') === 'true') return null;
  return button.type === 'submit' && button.form ? null : button;
}

export function holdEarlyInput(container: HTMLElement): EarlyInput {
  let typed: Typed[] = [];
  let held: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;
  let pressed: HTMLButtonElement[] = [];

  const holdSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    held = { form: event.target as HTMLFormElement, submitter: event.submitter };
  };
  document.addEventListener('submit', holdSubmit, true);

  // The page's CSS lets no press reach a button until this says one is held (global.css).
  document.documentElement.dataset.listening = '';
  const holdClick = (event: MouseEvent) => {
    const button = appButtonOf(event.target);
    if (button && container.contains(button)) pressed.push(button);
  };
  container.addEventListener('click', holdClick, true);

  const typedOf = (field: Field, beforeHydration = false): Typed => ({
    field,
    value: field.value,
    checked: isToggle(field) && field.checked,
    beforeHydration,
  });
  const recordTyping = (event: Event) => {
    const field = event.target;
    if (!isField(field)) return;
    typed = typed.filter((entry) => entry.field !== field);
    if (wasChanged(field)) typed.push(typedOf(field));
  };

  return {
    snapshot() {
      typed = Array.from(container.querySelectorAll<Field>('input, textarea, select'))
        .filter(wasChanged)
        .map((field) => typedOf(field, true));
      // From here on React's own listeners are there: it replays a click itself.
      container.removeEventListener('click', holdClick, true);
      container.addEventListener('input', recordTyping, true);
      container.addEventListener('change', recordTyping, true);
    },
    release() {
      document.removeEventListener('submit', holdSubmit, true);
      container.removeEventListener('click', holdClick, true);
      container.removeEventListener('input', recordTyping, true);
      container.removeEventListener('change', recordTyping, true);
      typed.forEach(typeAgain);
      typed = [];
      for (const button of pressed) {
        if (button.isConnected && appButtonOf(button)) button.click();
      }
      pressed = [];
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
