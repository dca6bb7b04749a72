import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI built from the routes' zod schemas, browsable at /api/docs and as JSON at /api/docs/json. */
async function docs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Nexbyte API',
        description:
          'API de la tienda Nexbyte. Las rutas de administración requieren `Authorization: Bearer <token>`: las del catálogo y los pedidos, de un usuario ADMIN o VENDOR; las de usuarios, mensajes de contacto, soporte y newsletter, de un ADMIN (decisión 018).',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', logLevel: 'warn' });
}

export default fp(docs, { name: 'docs' });
