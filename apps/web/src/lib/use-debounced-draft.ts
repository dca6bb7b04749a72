import { useEffect, useEffectEvent, useState } from 'react';

export const FILTER_DEBOUNCE_MS = 300;

const identity = (text: string) => text;

/** Commits whose echo is awaited at most; older ones are forgotten. */
const MAX_AWAITED_ECHOES = 10;

/**
 * A text box bound to a value kept elsewhere (the address): what is typed shows at once and is
 * committed after a pause. A change of the value from outside (clearing the filters, the back
 * button) replaces what is typed; the echo of our own commits does not, so typing never loses
 * keys, even when a slow navigation brings back an older commit after a newer one was made.
 */
export function useDebouncedDraft(
  value: string,
  onCommit: (text: string) => void,
  { normalize = identity, delay = FILTER_DEBOUNCE_MS } = {},
) {
  const [draft, setDraft] = useState(value);
  const [committed, setCommitted] = useState(value);
  const [seenValue, setSeenValue] = useState(value);
  // Our commits that have not come back as the value yet, oldest first.
  const [awaited, setAwaited] = useState<readonly string[]>([]);

  if (value !== seenValue) {
    setSeenValue(value);
    const echo = awaited.indexOf(value);
    if (echo >= 0) {
      setAwaited(awaited.slice(echo + 1));
    } else if (value !== committed) {
      setAwaited([]);
      setCommitted(value);
      setDraft(value);
    }
  }

  const commitNow = (text: string) => {
    setCommitted(text);
    // A commit equal to the value changes nothing outside, so no echo will come back for it.
    if (text !== value) setAwaited((list) => [...list, text].slice(-MAX_AWAITED_ECHOES));
    onCommit(text);
  };

  const commit = useEffectEvent(commitNow);

  const pending = normalize(draft);
  useEffect(() => {
    if (pending === committed) return;
    const timer = setTimeout(() => commit(pending), delay);
    return () => clearTimeout(timer);
  }, [pending, committed, delay]);

  /** Commits what is typed now (Enter in the search box). */
  const flush = () => {
    if (pending !== committed) commitNow(pending);
  };

  /**
   * Drops what is typed and not committed yet, for a value about to be changed from outside
   * (clearing the filters): otherwise the pending commit would land after the change and undo it.
   */
  const discard = (text = '') => {
    setDraft(text);
    setCommitted(text);
    setAwaited([]);
  };

  return { draft, setDraft, flush, discard };
}

/**
 * The value as it was after a pause of `delay` ms without changes: what a search-as-you-type
 * request should ask for, instead of one request per key.
 */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
