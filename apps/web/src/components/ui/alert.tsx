import type { ReactNode } from 'react';

export type AlertTone = 'danger' | 'warning' | 'info' | 'success';

/**
 * A message inside the page (not a toast). Danger alerts are announced at once (role=alert); the
 * others are read when reached, or politely when they appear.
 */
export function Alert({ tone = 'info', children }: { tone?: AlertTone; children: ReactNode }) {
  return (
    <div className={`alert alert--${tone}`} role={tone === 'danger' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
