import { useEffect, useRef, type ReactNode } from 'react';
import { ApiError } from '../../lib/api-client';
import { Alert } from './alert';

export const UNSUBSCRIBE_FAILED_MESSAGE = 'No pudimos darte de baja. Inténtalo de nuevo más tarde.';

/** The mutation that takes the link's token off a list (each list's own call and its log). */
export interface UnsubscribeCall {
  mutate: (token: string) => void;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  error: unknown;
}

interface UnsubscribePanelProps {
  /** The signed token of the e-mail's link; empty when the address carried none. */
  token: string;
  unsubscribe: UnsubscribeCall;
  /** The question above the button. */
  question: string;
  buttonLabel: string;
  /** Said for a link without a token or one the server does not know (404). */
  invalidLinkMessage: string;
  doneMessage: string;
  /** Under the confirmation: what comes next, with a way on. */
  doneDetails: ReactNode;
  className: string;
  /** Added to `className` once unsubscribed. */
  doneClassName?: string;
}

/**
 * A link's unsubscribe page: one button, no session needed, then the confirmation. It waits for
 * the click, so a mail scanner that opens the link does not unsubscribe anyone.
 */
export function UnsubscribePanel({
  token,
  unsubscribe,
  question,
  buttonLabel,
  invalidLinkMessage,
  doneMessage,
  doneDetails,
  className,
  doneClassName,
}: UnsubscribePanelProps) {
  if (unsubscribe.isSuccess) {
    return (
      <Unsubscribed className={doneClassName ? `${className} ${doneClassName}` : className}>
        <Alert tone="success">{doneMessage}</Alert>
        <p>{doneDetails}</p>
      </Unsubscribed>
    );
  }
  if (!token) return <Alert tone="danger">{invalidLinkMessage}</Alert>;

  const failure =
    unsubscribe.error instanceof ApiError && unsubscribe.error.status === 404
      ? invalidLinkMessage
      : UNSUBSCRIBE_FAILED_MESSAGE;

  return (
    <div className={className}>
      {unsubscribe.isError && <Alert tone="danger">{failure}</Alert>}
      <p>{question}</p>
      <button
        type="button"
        className="button"
        disabled={unsubscribe.isPending}
        onClick={() => unsubscribe.mutate(token)}
      >
        {unsubscribe.isPending ? 'Dándote de baja…' : buttonLabel}
      </button>
    </div>
  );
}

function Unsubscribed({ className, children }: { className: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  // The button that had the focus is gone: keep keyboard and screen reader users on the news.
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className={className}>
      {children}
    </div>
  );
}
