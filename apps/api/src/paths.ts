import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The API's folder (apps/api), found the same from its sources (src/) and from its build (dist/),
 * which sit at the same depth: files the server reads at run time (migrations, demo drawings) are
 * named from here, not from the module that reads them, which the build moves.
 */
export const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The repository's root. */
export const repoRoot = path.resolve(apiDir, '../..');

declare const NEXBYTE_BUILD: boolean | undefined;

/** True in the built server (apps/api/dist), which esbuild marks; false under tsx and vitest. */
export const isBuilt = typeof NEXBYTE_BUILD !== 'undefined' && NEXBYTE_BUILD;
