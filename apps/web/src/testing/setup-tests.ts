import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// Lazy routes and the first render of a screen can take more than the default second on a busy
// machine; findBy* waits up to 5 s before it fails.
configure({ asyncUtilTimeout: 5000 });

// Without Vitest globals Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// console.error fails the test (docs/engineering.md#tests): React warnings and jsdom's "not implemented" land there.
// A test that expects an error replaces the spy with vi.mocked(console.error).mockImplementation().
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  const original = console.error.bind(console);
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    original(...args);
    consoleErrors.push(args);
    throw new Error('console.error fue llamado; revisa el mensaje de arriba.');
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  // Also catches a call whose exception was swallowed by the code under test.
  if (consoleErrors.length > 0) {
    throw new Error(`console.error fue llamado ${consoleErrors.length} vez/veces durante el test.`);
  }
});

// jsdom has no HTMLDialogElement.showModal/close. This stand-in toggles `open`, closes on Escape
// (cancel, then close) and fires 'close' like a browser; focus trapping and inertness are left to
// the Playwright tests in a real browser.
if (typeof HTMLDialogElement.prototype.showModal !== 'function') {
  const escapeListeners = new WeakMap<HTMLDialogElement, (event: KeyboardEvent) => void>();

  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    if (this.open) return;
    this.setAttribute('open', '');
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (this.dispatchEvent(new Event('cancel', { cancelable: true }))) this.close();
    };
    escapeListeners.set(this, onKeyDown);
    document.addEventListener('keydown', onKeyDown);
  };

  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    const onKeyDown = escapeListeners.get(this);
    if (onKeyDown) document.removeEventListener('keydown', onKeyDown);
    escapeListeners.delete(this);
    this.dispatchEvent(new Event('close'));
  };
}

// ScrollRestoration scrolls on every navigation; jsdom does not implement scrolling.
window.scrollTo = () => {};
