import { assetCreateBodySchema, assetSchema, assetUploadSchema } from '@gatehouse/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { requireAuth, roleDataOf } from '../../http/authenticate.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import { findAsset } from './repository.js';
import {
  assetView,
  checkAssetSignature,
  createAsset,
  finishAsset,
  readableAsset,
  storeUpload,
  uploadView,
} from './service.js';

const tags = ['Assets'];
const idParams = z.object({ id: z.uuid() });
const assetReply = envelopeOf(assetSchema);

/**
 * The served file may never run as a page: no scripts, no plugins, no framing, a sandbox, and no
 * guessing of its type.
 */
const contentHeaders = {
  'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
  'x-content-type-options': 'nosniff',
  'content-disposition': 'inline',
  'cross-origin-resource-policy': 'same-origin',
};

export function registerAssetRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/asset/create',
    {
      schema: {
        tags,
        summary: 'Declare an upload: its purpose, image type and size',
        description:
          'Replies with the pending asset and where to send the bytes (`upload_url` with `upload_method`, ' +
          'before `expires_at`); `PUT /asset/{id}/finish` completes it. A building photo names its building, ' +
          'which the caller must be allowed to change.',
        body: assetCreateBodySchema,
        response: { 201: envelopeOf(assetUploadSchema) },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const row = await createAsset(ctx, user.id, await roleDataOf(request, ctx), request.body);
      return reply.code(201).send(ok(uploadView(ctx, row)));
    },
  );

  // The upload takes the raw bytes. Its own scope, so the body parser and the larger body limit
  // apply to this route alone.
  app.register(async (scoped) => {
    scoped.removeAllContentTypeParsers();
    scoped.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scoped.withTypeProvider<ZodTypeProvider>().put(
      '/asset/:id/upload',
      {
        bodyLimit: ctx.config.assets.maxBytes,
        schema: {
          tags,
          summary: 'Send an upload’s bytes',
          description:
            'The raw file as the body, with the declared Content-Type and exactly the declared size; only ' +
            'by whoever declared the upload, before it expires. The file’s own signature must match its type.',
          params: idParams,
          response: { 200: assetReply },
        },
      },
      async (request) => {
        const { user } = requireAuth(request);
        const body = Buffer.isBuffer(request.body) ? request.body : undefined;
        const row = await storeUpload(ctx, user.id, request.params.id, request.headers['content-type'], body);
        return ok(assetView(ctx, row));
      },
    );
  });

  api.put(
    '/asset/:id/finish',
    {
      schema: {
        tags,
        summary: 'Complete an upload once its bytes are there',
        params: idParams,
        response: { 200: assetReply },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      return ok(assetView(ctx, await finishAsset(ctx, user.id, request.params.id)));
    },
  );

  api.get(
    '/asset/:id',
    {
      schema: {
        tags,
        summary: 'An asset record, with a signed `url` to its bytes',
        description:
          'For its uploader and a superadmin; a building photo also for whoever may read a building that ' +
          'shows it.',
        params: idParams,
        response: { 200: assetReply },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const row = await readableAsset(ctx, user.id, await roleDataOf(request, ctx), request.params.id);
      return ok(assetView(ctx, row));
    },
  );

  api.get(
    '/asset/:id/content',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The bytes of a finished asset, through the signed link of its `url`',
        params: idParams,
        querystring: z.object({ exp: z.coerce.number().int(), sig: z.string().min(1).max(100) }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { secondsLeft } = checkAssetSignature(ctx, id, request.query.exp, request.query.sig);
      const row = await findAsset(ctx.db, id);
      // A replaced photo's old link finds nothing: the row and file went together.
      if (row?.status !== 'finished' || (await ctx.assets.storage.size(row.storageKey)) === undefined) {
        throw notFound('Asset');
      }
      return reply
        .headers(contentHeaders)
        .header('content-type', row.contentType)
        .header('content-length', row.byteSize)
        .header('cache-control', `private, max-age=${secondsLeft}`)
        .send(ctx.assets.storage.read(row.storageKey));
    },
  );
}
