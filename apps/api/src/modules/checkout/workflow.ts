/** Returned by a step that finished the work early (a replayed order): later steps do not run. */
export const DONE = Symbol('done');

/** One step of a workflow: it reads and fills the workflow's context. */
export interface Step<C> {
  name: string;
  run(ctx: C): Promise<void | typeof DONE> | void | typeof DONE;
  /**
   * Undoes what the step did outside the database transaction (a payment started elsewhere, say)
   * when a later step fails; run newest first. Writes inside the transaction need none: its
   * rollback undoes them (the stock taken comes back that way).
   */
  compensate?(ctx: C): Promise<void> | void;
}

/** Runs the steps in order; when one throws, the ones done are compensated and the error goes on. */
export async function runSteps<C>(steps: readonly Step<C>[], ctx: C): Promise<void> {
  const done: Step<C>[] = [];
  try {
    for (const step of steps) {
      const outcome = await step.run(ctx);
      done.push(step);
      if (outcome === DONE) return;
    }
  } catch (err) {
    for (const step of done.reverse()) await step.compensate?.(ctx);
    throw err;
  }
}
