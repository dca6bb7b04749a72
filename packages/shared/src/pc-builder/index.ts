export * from './fields';
export * from './kinds';
export * from './rules';
export * from './schemas';
