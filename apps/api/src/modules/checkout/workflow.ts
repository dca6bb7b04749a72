/** Returned by a step that finished the work early (a replayed order): later steps do not run. */
export const DONE = Symbol('done');

/**
 * One step of a workflow: it reads and fills the workflow's context. Every step that writes does
 * so inside the caller's transaction, whose rollback undoes them all (the stock taken comes back
 * that way), so steps have no compensation. Opening the payment is not a step: it comes after the
 * commit, with no transaction open (checkout.plugin.ts).
 */
export interface Step<C> {
  name: string;
  /**
   * It writes nothing and reads only settings the workflow does not change (a shipping rule), so
   * it may run before the transaction opens, holding no lock nor the embedded database's one
   * connection. Such steps lead the list.
   */
  beforeTransaction?: boolean;
  run(ctx: C): Promise<void | typeof DONE> | void | typeof DONE;
}

/** The leading steps that run before the transaction, and the rest. */
export function splitAtTransaction<C>(
  steps: readonly Step<C>[],
): [before: readonly Step<C>[], inside: readonly Step<C>[]] {
  const first = steps.findIndex((step) => !step.beforeTransaction);
  const at = first === -1 ? steps.length : first;
  return [steps.slice(0, at), steps.slice(at)];
}

/** Runs the steps in order until one returns DONE; an error goes on to the caller's transaction. */
export async function runSteps<C>(steps: readonly Step<C>[], ctx: C): Promise<void> {
  for (const step of steps) {
    if ((await step.run(ctx)) === DONE) return;
  }
}
