// Types of dte-stand-in.mjs, for the TypeScript tests.

/**
 * accept; refuse (400 with `refuseMessage`, nothing issued); down (drops every connection); slow
 * (issued at once, the answer held `slowMs`).
 */
export type DteMode = 'accept' | 'refuse' | 'down' | 'slow';

export interface StandInDocument {
  token: string;
  folio: number;
  /** The SII code: 39, 33 or 61. */
  tipo: number;
  key: string | null;
  total: number;
  referencia: { tipo: number; folio: number } | null;
}

export interface DteStandIn {
  url: string;
  mode: DteMode;
  slowMs: number;
  refuseMessage: string;
  issued: StandInDocument[];
  calls: { method: string; path: string; key: string | null; status: number | string }[];
  replays: number;
  close(): Promise<void>;
}

export function startDteStandIn(options?: {
  mode?: DteMode;
  slowMs?: number;
  apiKey?: string | null;
  port?: number;
}): Promise<DteStandIn>;

export function documentCounts(issued: readonly StandInDocument[]): {
  documents: number;
  distinctFolios: number;
  duplicates: number;
};
