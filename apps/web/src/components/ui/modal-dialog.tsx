import {
  useEffect,
  useRef,
  type ComponentPropsWithoutRef,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * showModal() makes the page inert, but Tab from the last control still leaves for the browser's
 * own toolbar; wrapping here keeps keyboard focus inside the dialog.
 */
function wrapTab(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !event.currentTarget.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

// Several dialogs may be open at once (a confirmation over a menu): the page scrolls again only
// when the last one closes.
let openDialogs = 0;

function lockPageScroll(): () => void {
  openDialogs += 1;
  document.documentElement.classList.add('is-scroll-locked');
  return () => {
    openDialogs -= 1;
    if (openDialogs === 0) document.documentElement.classList.remove('is-scroll-locked');
  };
}

interface ModalDialogProps extends Omit<ComponentPropsWithoutRef<'dialog'>, 'open' | 'onClose'> {
  open: boolean;
  /** Called when the dialog closes by itself: Escape, a click on the backdrop, a form with method=dialog. */
  onClose: () => void;
}

/**
 * A native <dialog> shown with showModal(): the browser traps focus inside it, makes the rest of
 * the page inert, closes it on Escape and gives focus back to whatever opened it.
 */
export function ModalDialog({ open, onClose, children, className, ...props }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => (open ? lockPageScroll() : undefined), [open]);

  // The body fills the dialog, so a click that lands on the dialog itself is on the backdrop.
  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  return (
    <dialog
      {...props}
      ref={ref}
      className={['modal-dialog', className].filter(Boolean).join(' ')}
      onClose={onClose}
      onClick={closeOnBackdrop}
      onKeyDown={wrapTab}
    >
      <div className="modal-dialog__body">{children}</div>
    </dialog>
  );
}
