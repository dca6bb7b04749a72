import type { ReactNode } from 'react';

export type BadgeTone = 'danger' | 'warning' | 'primary' | 'secondary' | 'success' | 'neutral';

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`badge badge--${tone}`}>{children}</span>;
}
