import { useEffect, useEffectEvent, useState } from 'react';

export const FILTER_DEBOUNCE_MS = 300;

const identity = (text: string) => text;

/**
 * A text box bound to a value kept elsewhere (the address): what is typed shows at once and is
 * committed after a pause. A change of the value from outside (clearing the filters, the back
 * button) replaces what is typed; the echo of our own commit does not, so typing never loses keys.
 */
export function useDebouncedDraft(
  value: string,
  onCommit: (text: string) => void,
  { normalize = identity, delay = FILTER_DEBOUNCE_MS } = {},
) {
  const [draft, setDraft] = useState(value);
  const [committed, setCommitted] = useState(value);
  const [seenValue, setSeenValue] = useState(value);

  if (value !== seenValue) {
    setSeenValue(value);
    if (value !== committed) {
      setCommitted(value);
      setDraft(value);
    }
  }

  const commit = useEffectEvent((text: string) => {
    setCommitted(text);
    onCommit(text);
  });

  const pending = normalize(draft);
  useEffect(() => {
    if (pending === committed) return;
    const timer = setTimeout(() => commit(pending), delay);
    return () => clearTimeout(timer);
  }, [pending, committed, delay]);

  /** Commits what is typed now (Enter in the search box). */
  const flush = () => {
    if (pending === committed) return;
    setCommitted(pending);
    onCommit(pending);
  };

  return { draft, setDraft, flush };
}
