import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { APP_VERSION } from '@gatehouse/core';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context.js';
import { registerAuthentication } from './http/authenticate.js';
import { registerErrorHandling } from './http/error-handler.js';
import { registerGracefulClose } from './http/graceful-close.js';
import { API_PREFIX } from './http/paths.js';
import { registerRequestGuards } from './http/request-guards.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { serializerCompiler } from './http/serializer.js';
import { registerWebApp } from './http/web-app.js';
import { registerAccessRoutes } from './modules/access/routes.js';
import { registerAccountRoutes } from './modules/account/routes.js';
import { registerActivityRoutes } from './modules/activity/routes.js';
import { registerAppConfigRoutes } from './modules/app-config/routes.js';
import { registerAssetRoutes } from './modules/assets/routes.js';
import { registerBuildingRoutes } from './modules/buildings/routes.js';
import { registerDeviceRoutes } from './modules/devices/routes.js';
import { registerDoorRoutes } from './modules/doors/routes.js';
import { registerEntryScheduleRoutes } from './modules/entry-schedules/routes.js';
import { registerEventRoutes } from './modules/events/routes.js';
import { registerHealthRoutes } from './modules/health/routes.js';
import { registerIntercomRoutes } from './modules/intercoms/routes.js';
import { registerKoneRoutes } from './modules/kone/routes.js';
import { registerMailRoutes } from './modules/mail/routes.js';
import { registerManagerRoutes } from './modules/managers/routes.js';
import { registerMemberRoutes } from './modules/members/routes.js';
import { registerOAuth2Routes } from './modules/oauth2/routes.js';
import { registerSaltoKsRoutes } from './modules/saltoks/routes.js';
import { registerSessionRoutes } from './modules/sessions/routes.js';
import { registerUnitRoutes } from './modules/units/routes.js';
import { registerUserRoutes } from './modules/users/routes.js';
import { registerVisitorRoutes } from './modules/visitors/routes.js';
import { apiPackageRoot } from './package-root.js';

const defaultWebDist = path.resolve(apiPackageRoot, '../web/dist');

const devicePath = `${API_PREFIX}/devices`;

/**
 * The URL as request logs show it: without the query string on device calls, whose Akuvox Action
 * URLs carry the device token in the query (decision 007).
 */
export function loggedUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return url;
  let path = url.slice(0, queryAt);
  try {
    path = decodeURIComponent(path);
  } catch {
    // An undecodable path is compared as it is.
  }
  path = path.replace(/\/{2,}/g, '/').toLowerCase();
  return path === devicePath || path.startsWith(`${devicePath}/`) ? url.slice(0, queryAt) : url;
}

export function loggerOptions(level: string, pretty: boolean): FastifyServerOptions['logger'] {
  return {
    level,
    // Tokens and cookies never reach the logs.
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: {
      // Fastify's own request serializer, with device calls' query strings left out.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: loggedUrl(request.url),
        version: request.headers?.['accept-version'] as string | undefined,
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}

export interface BuildAppOptions {
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app; undefined serves the API only. */
  webDistDir?: string | null;
}

export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const { config } = ctx;
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(fastifyCookie);
  registerSecurityHeaders(app);
  registerGracefulClose(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Gatehouse API',
        version: APP_VERSION,
        description:
          'Building access control. Every reply is `{data, errors, meta}` with snake_case keys. ' +
          'Writes need the `x-csrf-token` header (any value). Authenticate with `Authorization: Bearer <access token>`.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    // The reference page has its own policy: swagger-ui styles itself inline.
    staticCSP:
      "default-src 'self'; base-uri 'self'; img-src 'self' data:; object-src 'none'; script-src 'self'; " +
      "style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
  });

  registerRequestGuards(app, {
    publicUrl: config.publicUrl,
    allowedOrigins: config.allowedOrigins,
    minAppVersion: config.minAppVersion,
  });
  // Health checks answer at the root (for load balancers) and under the API base path (spec 7).
  registerHealthRoutes(app, ctx);
  await app.register(
    async (api) => {
      registerAuthentication(api, ctx);
      registerHealthRoutes(api, ctx);
      registerAppConfigRoutes(api, ctx);
      registerSessionRoutes(api, ctx);
      registerAccountRoutes(api, ctx);
      registerMailRoutes(api, ctx);
      registerBuildingRoutes(api, ctx);
      registerEventRoutes(api, ctx);
      registerDoorRoutes(api, ctx);
      registerIntercomRoutes(api, ctx);
      registerManagerRoutes(api, ctx);
      registerMemberRoutes(api, ctx);
      registerVisitorRoutes(api, ctx);
      registerUnitRoutes(api, ctx);
      registerEntryScheduleRoutes(api, ctx);
      registerAccessRoutes(api, ctx);
      registerUserRoutes(api, ctx);
      registerDeviceRoutes(api, ctx);
      registerActivityRoutes(api, ctx);
      registerOAuth2Routes(api, ctx);
      registerKoneRoutes(api, ctx);
      registerSaltoKsRoutes(api, ctx);
      registerAssetRoutes(api, ctx);
    },
    { prefix: API_PREFIX },
  );

  await registerWebApp(
    app,
    options.webDistDir === null ? undefined : (options.webDistDir ?? config.webDistDir ?? defaultWebDist),
  );
  return app;
}
