/** Returned by a step that finished the work early (a replayed order): later steps do not run. */
export const DONE = Symbol('done');

/**
 * One step of a workflow: it reads and fills the workflow's context. Every step writes inside the
 * caller's transaction, whose rollback undoes them all (the stock taken comes back that way); the
 * one action outside it, opening a Webpay transaction, is the last step that can fail and needs no
 * undoing (see the payment step), so steps have no compensation.
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
