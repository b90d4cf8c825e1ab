import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, errorsOf, signIn, type TestApp } from '../../../test/app.js';
import { buildingWithRoles, type Roles } from '../../../test/fixtures.js';
import { assets, buildings, users } from '../../db/schema.js';
import { cleanUpAssets } from './cleanup.js';
import { assetUrl } from './service.js';

// A real 1x1 PNG, and the start of a JPEG: what file-type reads to tell them apart.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const jpeg = Buffer.concat([
  Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
  Buffer.alloc(60),
]);
const maxBytes = 4096;

let t: TestApp;
let r: Roles;
let assetDir: string;

beforeAll(async () => {
  assetDir = await mkdtemp(path.join(tmpdir(), 'gatehouse-assets-'));
  t = await createTestApp({ ASSET_DIR: assetDir, ASSET_MAX_BYTES: String(maxBytes) });
  r = await buildingWithRoles(t.ctx, t.app);
});
afterAll(async () => {
  await t.close();
  await rm(assetDir, { recursive: true, force: true });
});

type Declared = { purpose?: string; content_type?: string; byte_size?: number; building_id?: string };

async function declare(token: string, body: Declared = {}) {
  return call(t.app, 'POST', '/asset/create', {
    token,
    body: { purpose: 'avatar', content_type: 'image/png', byte_size: png.length, ...body },
  });
}

function upload(token: string, id: string, bytes: Buffer, contentType = 'image/png') {
  return call(t.app, 'PUT', `/asset/${id}/upload`, {
    token,
    body: bytes,
    headers: { 'content-type': contentType },
  });
}

/** Declares, uploads and finishes a PNG; gives the finished asset record. */
async function finishedAsset(token: string, body: Declared = {}) {
  const created = await declare(token, body);
  expect(created.statusCode).toBe(201);
  const { id } = created.json().data;
  expect((await upload(token, id, png)).statusCode).toBe(200);
  const finished = await call(t.app, 'PUT', `/asset/${id}/finish`, { token });
  expect(finished.statusCode).toBe(200);
  return finished.json().data as { id: string; url: string; status: string };
}

async function rowOf(id: string) {
  const [row] = await t.ctx.db.select().from(assets).where(eq(assets.id, id));
  return row;
}

async function fileExists(key: string) {
  return (await readdir(assetDir)).includes(key);
}

/** A signed-in user of no role, for tests that leave uploads pending (each user may have ten). */
async function newcomer(): Promise<string> {
  return (await signIn(t.app, (await createUser(t.ctx)).email)).access;
}

function fetchUrl(url: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url });
}

describe('an upload from start to finish', () => {
  it('declares, takes the bytes, finishes, and serves the file through a signed link', async () => {
    const created = await declare(r.tokens.member);
    expect(created.statusCode).toBe(201);
    const declared = created.json().data;
    expect(declared).toMatchObject({
      purpose: 'avatar',
      content_type: 'image/png',
      byte_size: png.length,
      status: 'pending',
      url: null,
      upload_url: `/api/v4/asset/${declared.id}/upload`,
      upload_method: 'PUT',
    });
    expect(Date.parse(declared.expires_at) - Date.now()).toBeGreaterThan(50 * 60 * 1000);

    const uploaded = await upload(r.tokens.member, declared.id, png);
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json().data.status).toBe('pending');
    const row = await rowOf(declared.id);
    // The file's name is ours, not anything the client sent, and it holds the bytes.
    expect(row!.storageKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(await readFile(path.join(assetDir, row!.storageKey))).toEqual(png);

    const finished = await call(t.app, 'PUT', `/asset/${declared.id}/finish`, { token: r.tokens.member });
    expect(finished.statusCode).toBe(200);
    expect(finished.json().data).toMatchObject({ id: declared.id, status: 'finished' });
    expect(finished.json().data.finished_at).not.toBeNull();

    const record = await call(t.app, 'GET', `/asset/${declared.id}`, { token: r.tokens.member });
    expect(record.statusCode).toBe(200);
    const { url } = record.json().data;
    expect(url).toMatch(new RegExp(`^/api/v4/asset/${declared.id}/content\\?exp=\\d+&sig=[\\w-]+$`));

    // No sign-in: an <img> sends no bearer token.
    const content = await fetchUrl(url);
    expect(content.statusCode).toBe(200);
    expect(content.rawPayload).toEqual(png);
    expect(content.headers['content-type']).toBe('image/png');
    expect(content.headers['x-content-type-options']).toBe('nosniff');
    expect(content.headers['content-security-policy']).toContain("default-src 'none'");
    expect(content.headers['content-security-policy']).toContain('sandbox');
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(content.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(3500);
    expect(maxAge).toBeLessThanOrEqual(7200);
  });

  it('finishing twice is harmless', async () => {
    const asset = await finishedAsset(r.tokens.member);
    const again = await call(t.app, 'PUT', `/asset/${asset.id}/finish`, { token: r.tokens.member });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.status).toBe('finished');
  });
});

describe('POST /asset/create refuses', () => {
  it.each([
    ['a type that is not an allowed image', { content_type: 'image/svg+xml' }, 'content_type'],
    ['a file larger than the limit', { byte_size: maxBytes + 1 }, 'byte_size'],
    ['an empty file', { byte_size: 0 }, 'byte_size'],
    ['a building photo without its building', { purpose: 'building_photo' }, 'building_id'],
    ['an unknown purpose', { purpose: 'oauth2_client_logo' }, 'purpose'],
  ])('%s (422, on the field)', async (_case, body, field) => {
    const before = (await t.ctx.db.select().from(assets)).length;
    const response = await declare(r.tokens.member, body);
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response).map((e) => e.field)).toContain(field);
    expect((await t.ctx.db.select().from(assets)).length).toBe(before);
  });

  it('more than ten unfinished uploads at once (429)', async () => {
    const me = await newcomer();
    for (let i = 0; i < 10; i++) expect((await declare(me)).statusCode).toBe(201);
    expect((await declare(me)).statusCode).toBe(429);
  });

  it('the signed-out (401)', async () => {
    expect((await declare('')).statusCode).toBe(401);
  });

  it('a building photo from anyone who may not change the building', async () => {
    const body = { purpose: 'building_photo', building_id: r.building.id };
    for (const role of ['superadmin', 'manager'] as const) {
      expect((await declare(r.tokens[role], body)).statusCode).toBe(201);
    }
    for (const role of ['otherManager', 'unitManager', 'inviteMember', 'member', 'stranger'] as const) {
      const response = await declare(r.tokens[role], body);
      expect(response.statusCode, role).toBe(403);
    }
  });
});

describe('PUT /asset/{id}/upload refuses', () => {
  it('a Content-Type other than the declared one (415)', async () => {
    const me = await newcomer();
    const { id } = (await declare(me)).json().data;
    const response = await upload(me, id, png, 'image/jpeg');
    expect(response.statusCode).toBe(415);
    expect(errorsOf(response)[0]!.message).toMatch(/image\/png/);
    expect((await upload(me, id, png, 'application/json')).statusCode).toBe(415);
    expect((await upload(me, id, png, 'application/octet-stream')).statusCode).toBe(415);
    expect(await fileExists((await rowOf(id))!.storageKey)).toBe(false);
  });

  it('a file whose own signature is not the declared type (422)', async () => {
    const me = await newcomer();
    const { id } = (await declare(me, { byte_size: jpeg.length })).json().data;
    const response = await upload(me, id, jpeg, 'image/png');
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)[0]!.message).toMatch(/not a image\/png image/);
    const text = Buffer.alloc(png.length, 'a');
    expect((await upload(me, id, text, 'image/png')).statusCode).toBe(422);
    expect(await fileExists((await rowOf(id))!.storageKey)).toBe(false);
  });

  it('a byte count other than the declared one (422)', async () => {
    const me = await newcomer();
    const { id } = (await declare(me, { byte_size: png.length + 1 })).json().data;
    const response = await upload(me, id, png);
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)[0]!.message).toMatch(/declared/);
  });

  it('a body over the size limit (413)', async () => {
    const me = await newcomer();
    const { id } = (await declare(me, { byte_size: maxBytes })).json().data;
    const big = Buffer.concat([png, Buffer.alloc(maxBytes + 10 - png.length)]);
    const response = await upload(me, id, big);
    expect(response.statusCode).toBe(413);
  });

  it('another user’s upload (403), and the signed-out (401)', async () => {
    const me = await newcomer();
    const { id } = (await declare(me)).json().data;
    expect((await upload(r.tokens.manager, id, png)).statusCode).toBe(403);
    expect((await upload(r.tokens.superadmin, id, png)).statusCode).toBe(403);
    expect((await upload('', id, png)).statusCode).toBe(401);
    expect(await fileExists((await rowOf(id))!.storageKey)).toBe(false);
  });

  it('an upload that is finished (409) or expired (410)', async () => {
    const me = await newcomer();
    const finished = await finishedAsset(me);
    expect((await upload(me, finished.id, png)).statusCode).toBe(409);

    const { id } = (await declare(me)).json().data;
    await t.ctx.db
      .update(assets)
      .set({ insertedAt: new Date(Date.now() - 2 * 60 * 60 * 1000) })
      .where(eq(assets.id, id));
    expect((await upload(me, id, png)).statusCode).toBe(410);
  });
});

describe('PUT /asset/{id}/finish refuses', () => {
  it('before the bytes are there (409)', async () => {
    const me = await newcomer();
    const { id } = (await declare(me)).json().data;
    const response = await call(t.app, 'PUT', `/asset/${id}/finish`, { token: me });
    expect(response.statusCode).toBe(409);
    expect((await rowOf(id))!.status).toBe('pending');
  });

  it('anyone but the uploader (403)', async () => {
    const me = await newcomer();
    const { id } = (await declare(me)).json().data;
    await upload(me, id, png);
    const response = await call(t.app, 'PUT', `/asset/${id}/finish`, { token: r.tokens.manager });
    expect(response.statusCode).toBe(403);
    expect((await rowOf(id))!.status).toBe('pending');
  });
});

describe('the signed link', () => {
  it('refuses a changed signature, a changed expiry or id, an expired link, and no signature', async () => {
    const me = await newcomer();
    const asset = await finishedAsset(me);
    const url = new URL(asset.url, 'http://x');
    const exp = url.searchParams.get('exp')!;
    const sig = url.searchParams.get('sig')!;
    const base = `/api/v4/asset/${asset.id}/content`;
    const tampered = `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await fetchUrl(`${base}?exp=${exp}&sig=${tampered}`)).statusCode).toBe(403);
    expect((await fetchUrl(`${base}?exp=${Number(exp) + 3600}&sig=${sig}`)).statusCode).toBe(403);
    const other = await finishedAsset(me);
    expect((await fetchUrl(`/api/v4/asset/${other.id}/content?exp=${exp}&sig=${sig}`)).statusCode).toBe(403);
    // A link signed three hours ago has expired, though its signature is genuine.
    const old = assetUrl(t.ctx, asset.id, Date.now() - 3 * 60 * 60 * 1000);
    const expired = await fetchUrl(old);
    expect(expired.statusCode).toBe(403);
    expect(errorsOf(expired)[0]!.message).toMatch(/expired/);
    expect((await fetchUrl(base)).statusCode).toBe(422);
  });

  it('is not given for an upload that is not finished, and a signed link to one finds nothing', async () => {
    const me = await newcomer();
    const { id } = (await declare(me)).json().data;
    const record = await call(t.app, 'GET', `/asset/${id}`, { token: me });
    expect(record.json().data.url).toBeNull();
    expect((await fetchUrl(assetUrl(t.ctx, id))).statusCode).toBe(404);
  });
});

describe('GET /asset/{id}', () => {
  it('shows an avatar to its owner and a superadmin only', async () => {
    const asset = await finishedAsset(r.tokens.member);
    expect((await call(t.app, 'GET', `/asset/${asset.id}`, { token: r.tokens.member })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/asset/${asset.id}`, { token: r.tokens.superadmin })).statusCode).toBe(
      200,
    );
    for (const role of ['manager', 'unitManager', 'stranger'] as const) {
      expect((await call(t.app, 'GET', `/asset/${asset.id}`, { token: r.tokens[role] })).statusCode).toBe(
        403,
      );
    }
    expect((await call(t.app, 'GET', `/asset/${asset.id}`)).statusCode).toBe(401);
  });
});

describe('a building photo', () => {
  const setPhoto = (token: string, buildingId: string, photoId: string | null) =>
    call(t.app, 'PUT', `/buildings/${buildingId}`, { token, body: { photo_asset_id: photoId } });

  it('is set, shown to those who may read the building, replaced (the old one deleted) and removed', async () => {
    const first = await finishedAsset(r.tokens.manager, {
      purpose: 'building_photo',
      building_id: r.building.id,
    });
    // Not in use yet: only its uploader sees it.
    expect((await call(t.app, 'GET', `/asset/${first.id}`, { token: r.tokens.member })).statusCode).toBe(403);

    const set = await setPhoto(r.tokens.manager, r.building.id, first.id);
    expect(set.statusCode).toBe(200);
    expect(set.json().data.photo_asset_id).toBe(first.id);
    const photoUrl = set.json().data.photo_url as string;
    expect(photoUrl).toMatch(new RegExp(`^/api/v4/asset/${first.id}/content\\?`));
    expect((await fetchUrl(photoUrl)).rawPayload).toEqual(png);

    const asMember = await call(t.app, 'GET', `/buildings/${r.building.id}`, { token: r.tokens.member });
    expect(asMember.json().data.photo_url).toMatch(new RegExp(`/asset/${first.id}/content`));
    for (const role of ['member', 'unitManager', 'superadmin'] as const) {
      expect((await call(t.app, 'GET', `/asset/${first.id}`, { token: r.tokens[role] })).statusCode).toBe(
        200,
      );
    }
    for (const role of ['otherManager', 'stranger'] as const) {
      expect((await call(t.app, 'GET', `/asset/${first.id}`, { token: r.tokens[role] })).statusCode).toBe(
        403,
      );
    }

    // A superadmin replaces it with a photo of their own: the first one goes, row and file.
    const firstKey = (await rowOf(first.id))!.storageKey;
    const second = await finishedAsset(r.tokens.superadmin, {
      purpose: 'building_photo',
      building_id: r.building.id,
    });
    const replaced = await setPhoto(r.tokens.superadmin, r.building.id, second.id);
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().data.photo_asset_id).toBe(second.id);
    expect(await rowOf(first.id)).toBeUndefined();
    expect(await fileExists(firstKey)).toBe(false);
    expect((await fetchUrl(photoUrl)).statusCode).toBe(404);

    // Setting the same photo again changes nothing.
    expect((await setPhoto(r.tokens.manager, r.building.id, second.id)).statusCode).toBe(200);
    expect(await rowOf(second.id)).toBeDefined();

    const secondKey = (await rowOf(second.id))!.storageKey;
    const removed = await setPhoto(r.tokens.manager, r.building.id, null);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toMatchObject({ photo_asset_id: null, photo_url: null });
    expect(await rowOf(second.id)).toBeUndefined();
    expect(await fileExists(secondKey)).toBe(false);
  });

  it('must be a finished building-photo upload by someone who may change this building (422, on photo_asset_id)', async () => {
    const pending = (
      await declare(r.tokens.manager, { purpose: 'building_photo', building_id: r.building.id })
    ).json().data;
    const avatar = await finishedAsset(r.tokens.manager);
    const ofOtherBuilding = await finishedAsset(r.tokens.otherManager, {
      purpose: 'building_photo',
      building_id: r.otherBuilding.id,
    });
    for (const id of [pending.id, avatar.id, ofOtherBuilding.id, crypto.randomUUID()]) {
      const response = await setPhoto(r.tokens.manager, r.building.id, id);
      expect(response.statusCode).toBe(422);
      expect(errorsOf(response)[0]!.field).toBe('photo_asset_id');
    }
    const [building] = await t.ctx.db.select().from(buildings).where(eq(buildings.id, r.building.id));
    expect(building!.photoAssetId).toBeNull();

    // Another manager of the same building may use it; a photo already shown elsewhere may not.
    const photo = await finishedAsset(r.tokens.otherManager, {
      purpose: 'building_photo',
      building_id: r.otherBuilding.id,
    });
    expect((await setPhoto(r.tokens.otherManager, r.otherBuilding.id, photo.id)).statusCode).toBe(200);
    const twice = await setPhoto(r.tokens.superadmin, r.building.id, photo.id);
    expect(twice.statusCode).toBe(422);
    // Cleaned up for the next tests.
    expect((await setPhoto(r.tokens.otherManager, r.otherBuilding.id, null)).statusCode).toBe(200);
  });

  it('is set by no one who may not change the building', async () => {
    const photo = await finishedAsset(r.tokens.manager, {
      purpose: 'building_photo',
      building_id: r.building.id,
    });
    for (const role of ['otherManager', 'unitManager', 'member'] as const) {
      expect((await setPhoto(r.tokens[role], r.building.id, photo.id)).statusCode).toBe(403);
    }
    expect((await setPhoto('', r.building.id, photo.id)).statusCode).toBe(401);
  });
});

describe('an avatar', () => {
  const setAvatar = (token: string, avatarId: string | null) =>
    call(t.app, 'PUT', '/me/account', { token, body: { avatar_asset_id: avatarId } });

  it('is set, replaced (the old one deleted) and removed on PUT /me/account', async () => {
    const user = await createUser(t.ctx);
    const { access } = await signIn(t.app, user.email);
    const first = await finishedAsset(access);
    const set = await setAvatar(access, first.id);
    expect(set.statusCode).toBe(200);
    expect(set.json().data.account).toMatchObject({ avatar_asset_id: first.id });
    const avatarUrl = set.json().data.account.avatar_url as string;
    expect((await fetchUrl(avatarUrl)).rawPayload).toEqual(png);
    const me = await call(t.app, 'GET', '/me/account', { token: access });
    expect(me.json().data.account.avatar_url).toMatch(new RegExp(`/asset/${first.id}/content`));

    const firstKey = (await rowOf(first.id))!.storageKey;
    const second = await finishedAsset(access);
    expect((await setAvatar(access, second.id)).json().data.account.avatar_asset_id).toBe(second.id);
    expect(await rowOf(first.id)).toBeUndefined();
    expect(await fileExists(firstKey)).toBe(false);

    const removed = await setAvatar(access, null);
    expect(removed.json().data.account).toMatchObject({ avatar_asset_id: null, avatar_url: null });
    expect(await rowOf(second.id)).toBeUndefined();
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.avatarAssetId).toBeNull();
  });

  it('must be the user’s own finished avatar upload (422, on avatar_asset_id)', async () => {
    const someoneElses = await finishedAsset(r.tokens.manager);
    const pending = (await declare(r.tokens.member)).json().data;
    // A member may not even declare a building photo.
    const photo = await declare(r.tokens.member, { purpose: 'building_photo', building_id: r.building.id });
    expect(photo.statusCode).toBe(403);
    for (const id of [someoneElses.id, pending.id, crypto.randomUUID()]) {
      const response = await setAvatar(r.tokens.member, id);
      expect(response.statusCode).toBe(422);
      expect(errorsOf(response)[0]!.field).toBe('avatar_asset_id');
    }
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, r.people.member.id));
    expect(row!.avatarAssetId).toBeNull();
  });
});

describe('the cleanup job', () => {
  it('removes uploads left pending past their time (row and file), stray temp files and unused old assets', async () => {
    const user = await createUser(t.ctx);
    const { access } = await signIn(t.app, user.email);
    const stale = (await declare(access)).json().data;
    await upload(access, stale.id, png);
    const staleKey = (await rowOf(stale.id))!.storageKey;
    const fresh = (await declare(access)).json().data;
    const unused = await finishedAsset(access);
    const unusedKey = (await rowOf(unused.id))!.storageKey;
    const inUse = await finishedAsset(access);
    expect((await setAvatar(access, inUse.id)).statusCode).toBe(200);

    const longAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    await t.ctx.db.update(assets).set({ insertedAt: longAgo }).where(eq(assets.id, stale.id));
    for (const id of [unused.id, inUse.id]) {
      await t.ctx.db
        .update(assets)
        .set({ insertedAt: longAgo, finishedAt: longAgo })
        .where(eq(assets.id, id));
    }
    const strayTemp = path.join(assetDir, '.upload-interrupted');
    const orphan = path.join(assetDir, crypto.randomUUID());
    const newTemp = path.join(assetDir, '.upload-in-progress');
    for (const file of [strayTemp, orphan, newTemp]) await writeFile(file, 'x');
    for (const file of [strayTemp, orphan]) await utimes(file, longAgo, longAgo);

    const removed = await cleanUpAssets(t.ctx);
    expect(removed.assets).toBeGreaterThanOrEqual(2);
    expect(await rowOf(stale.id)).toBeUndefined();
    expect(await fileExists(staleKey)).toBe(false);
    expect(await rowOf(unused.id)).toBeUndefined();
    expect(await fileExists(unusedKey)).toBe(false);
    expect(await rowOf(fresh.id)).toBeDefined();
    expect(await rowOf(inUse.id)).toBeDefined();
    const names = await readdir(assetDir);
    expect(names).not.toContain('.upload-interrupted');
    expect(names).not.toContain(path.basename(orphan));
    expect(names).toContain('.upload-in-progress');
    await rm(newTemp);
  });

  function setAvatar(token: string, avatarId: string | null) {
    return call(t.app, 'PUT', '/me/account', { token, body: { avatar_asset_id: avatarId } });
  }
});
