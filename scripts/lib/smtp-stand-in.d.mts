// Types of smtp-stand-in.mjs, for the TypeScript fault tests.

/**
 * accept, refuse (550), busy (451), down (no greeting), silent (connects, never answers), slow
 * (the final answer held `slowMs`).
 */
export type SmtpMode = 'accept' | 'refuse' | 'busy' | 'down' | 'silent' | 'slow';

export interface ReceivedMessage {
  messageId: string;
  to: string;
  subject: string;
  /** The message as sent (DATA, dot-unstuffed). */
  raw: string;
  /** performance.now() when its final "250" was written. */
  at: number;
}

export interface SmtpStandIn {
  url: string;
  mode: SmtpMode;
  slowMs: number;
  messages: ReceivedMessage[];
  /** Messages whose client went away before their final answer (not delivered). */
  abandoned: number;
  /** The recipients refused with 550 so far. */
  rejected: string[];
  /** Cuts every open conversation (a server that goes away mid-send). */
  dropConnections(): void;
  close(): Promise<void>;
}

export function startSmtpStandIn(
  mode?: SmtpMode,
  options?: { slowMs?: number },
): Promise<SmtpStandIn>;

export function deliveries(messages: readonly ReceivedMessage[]): {
  distinct: number;
  duplicates: number;
  repeated: string[];
};
