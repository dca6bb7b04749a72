// A worker thread does not inherit the parent's TypeScript loader in every set-up (vitest, or a
// server started without `--import tsx`): this plain module loads the TypeScript worker through
// tsx's scoped loader, so it works the same everywhere.
import { tsImport } from 'tsx/esm/api';

await tsImport('./pglite-worker.ts', import.meta.url);
