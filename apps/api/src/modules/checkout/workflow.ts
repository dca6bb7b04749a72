/** Returned by a step that finished the work early (a replayed order): later steps do not run. */
export const DONE = Symbol('done');

/**
 * One step of a workflow: it reads and fills the workflow's context. Every step writes inside the
 * caller's transaction, whose rollback undoes them all (the stock taken comes back that way), so
 * steps have no compensation. Opening the payment is not a step: it comes after the commit, with
 * no transaction open (checkout.plugin.ts).
 */
export interface Step<C> {
  name: string;
  run(ctx: C): Promise<void | typeof DONE> | void | typeof DONE;
}

/** Runs the steps in order until one returns DONE; an error goes on to the caller's transaction. */
export async function runSteps<C>(steps: readonly Step<C>[], ctx: C): Promise<void> {
  for (const step of steps) {
    if ((await step.run(ctx)) === DONE) return;
  }
}
