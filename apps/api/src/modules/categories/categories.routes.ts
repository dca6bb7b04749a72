import { categoriaSchema } from '@nexbyte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listCategories } from './categories.repository';

const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/categorias',
    { schema: { tags: ['productos'], response: { 200: z.array(categoriaSchema) } } },
    async () => listCategories(app.db),
  );
};

export default categoryRoutes;
