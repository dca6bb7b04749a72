// Its own module so that shop-config.ts can download it (and zod) on demand.
export { configResponseSchema } from '@nexbyte/shared';
