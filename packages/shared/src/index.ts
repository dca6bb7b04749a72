import { z } from 'zod';

// Messages the schemas do not name themselves still reach people in Spanish.
z.config(z.locales.es());

export * from './cart';
export * from './constants';
export * from './coupons';
export * from './email-domains';
export * from './errors';
export * from './format';
export * from './phone';
export * from './regions';
export * from './run';
export * from './schemas';
export * from './totals';
