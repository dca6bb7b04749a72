// Types of smtp-stand-in.mjs, for the TypeScript fault tests.

/** accept, refuse (550), busy (451), down (no greeting), slow (the final answer held `slowMs`). */
export type SmtpMode = 'accept' | 'refuse' | 'busy' | 'down' | 'slow';

export interface ReceivedMessage {
  messageId: string;
  to: string;
  subject: string;
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
