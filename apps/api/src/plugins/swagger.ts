import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI from the routes' zod schemas: the document at /api/docs/json, the UI at /api/docs, both
 * public when served (`API_DOCS`; off by default in production). The document is always built, so
 * the route suites can walk it.
 */
export async function registerSwagger(app: FastifyInstance, options: { serve: boolean }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Jornada API',
        description: 'API de Jornada: asistencia y gestión de personal. Los errores responden `{ error: { code, message, fields? } }`.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'tokenSesion de POST /api/usuarios/auth' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  if (!options.serve) return;
  await app.register(async (docs) => {
    // The documentation itself is public.
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    await docs.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      // Same reason as the app's CSP: plain HTTP on a LAN address must keep working.
      transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
    });
  });
}
