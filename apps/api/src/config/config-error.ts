/** A setting the server cannot start with; its message says which and why, in Spanish. */
export class ConfigError extends Error {}
