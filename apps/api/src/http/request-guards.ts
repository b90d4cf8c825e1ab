import type { FastifyInstance, FastifyRequest } from 'fastify';
import { claimedTokenType } from '../modules/auth/tokens.js';
import { readBearer } from './authenticate.js';
import { AppError } from './errors.js';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

export interface GuardOptions {
  publicUrl: string;
  allowedOrigins: string[];
  minAppVersion: string;
}

function originIsOurs(request: FastifyRequest, origin: string, options: GuardOptions): boolean {
  if (origin === 'null') return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false;
  }
  if (originHost === request.headers.host) return true;
  const known = [options.publicUrl, ...options.allowedOrigins].map((url) => new URL(url).host);
  return known.includes(originHost);
}

/**
 * A third-party app calling a route open to apps with its OAuth2 access token: the token travels
 * whole in the Authorization header, which a browser never adds on its own, so the call cannot be
 * forged cross-site and needs no CSRF header (the token's signature and scopes are checked later).
 */
function isAppBearerCall(request: FastifyRequest): boolean {
  if (!request.routeOptions.config?.oauth2Scopes) return false;
  const bearer = readBearer(request);
  return bearer !== undefined && !bearer.endsWith('.') && claimedTokenType(bearer) === 'oauth2';
}

/**
 * CSRF defence for the API (OWASP: custom request header + fetch metadata + origin check):
 * a write must carry `x-csrf-token`, which a cross-site form cannot send, and is refused when the
 * browser says it comes from another site. Routes for devices opt out with `config: {csrf: false}`.
 * Clients older than the minimum app version are told to update.
 */
export function registerRequestGuards(app: FastifyInstance, options: GuardOptions) {
  app.addHook('onRequest', async (request) => {
    const version = request.headers['x-app-version'];
    if (typeof version === 'string' && /^\d+\.\d+\.\d+$/.test(version)) {
      if (compareVersions(version, options.minAppVersion) < 0) {
        throw new AppError(
          'app_version_unsupported',
          `This app version (${version}) is no longer supported; reload or update to ${options.minAppVersion} or later`,
        );
      }
    }

    if (!unsafeMethods.has(request.method)) return;
    if (request.routeOptions.config?.csrf === false) return;
    if (isAppBearerCall(request)) return;
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw new AppError('csrf_origin', 'Cross-site requests are not allowed');
    }
    const origin = request.headers.origin;
    if (origin && !originIsOurs(request, origin, options)) {
      throw new AppError('csrf_origin', 'Requests from another origin are not allowed');
    }
    const token = request.headers['x-csrf-token'];
    if (typeof token !== 'string' || token.trim() === '') {
      throw new AppError('csrf_missing', 'The x-csrf-token header is required');
    }
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false` for device and provider endpoints that cannot send the CSRF header. */
    csrf?: boolean;
    /** `true` for calls that need no sign-in (spec: "no auth"). */
    public?: boolean;
  }
}
