// The account's own calls: the profile (/_api/auth/update_profile), the ZIP code
// (/_api/profile/update_zip_code), the place anywhere on Earth
// (/_api/profile/update_location), the avatar (upload, serve, remove) and the
// API passwords reader apps sign in with.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { updateProfileSchema, updateZipSchema } from '../../shared/schemas';
import { updateLocationSchema } from '../../shared/sky-schemas';
import type { AppContext } from '../context';
import { requireUser } from '../http/auth-guard';
import { HttpError, badRequest, notFound } from '../http/errors';
import { toUser } from '../auth/presenter';
import { AVATAR_MAX_BYTES } from '../../shared/constants';
import {
  AVATAR_MISSING,
  AVATAR_TOO_LARGE,
  avatarEtag,
  findAvatar,
  removeAvatar,
  saveAvatar,
} from './avatars';
import { updateLocation, updateProfile, updateZipCode } from './profile';
import { assertKnownZip } from '../sky/zip';
import {
  createApiPasswordSchema,
  deleteApiPasswordSchema,
  type ApiPasswordsResponse,
  type CreatedApiPassword,
} from '../../shared/sync';
import { createApiPassword, listApiPasswords, revokeApiPassword } from './api-passwords';

const avatarParams = z.object({ avatarId: z.string().max(64) });

export function accountRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (base) => {
    await base.register(multipart, {
      limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, parts: 6, headerPairs: 100 },
    });
    const app = base.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/_api/auth/update_profile',
      { schema: { body: updateProfileSchema } },
      async (request) => {
        const user = requireUser(request);
        return { user: toUser(await updateProfile(ctx, user, request.body, request.ip)) };
      },
    );

    app.post(
      '/_api/profile/update_zip_code',
      { schema: { body: updateZipSchema } },
      async (request) => {
        const user = requireUser(request);
        assertKnownZip(request.body.zipCode);
        return { user: toUser(await updateZipCode(ctx.db, user, request.body.zipCode)) };
      },
    );

    app.post(
      '/_api/profile/update_location',
      { schema: { body: updateLocationSchema } },
      async (request) => {
        const user = requireUser(request);
        return { user: toUser(await updateLocation(ctx.db, user, request.body)) };
      },
    );

    app.post('/_api/account/avatar', { config: { multipart: true } }, async (request) => {
      const user = requireUser(request);
      if (!request.isMultipart()) throw badRequest(AVATAR_MISSING);
      const file = await request.file();
      if (!file) throw badRequest(AVATAR_MISSING);
      let data: Buffer;
      try {
        data = await file.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new HttpError(413, AVATAR_TOO_LARGE);
        throw err;
      }
      // toBuffer() can miss a truncation that lands on the final chunk; the stream's flag cannot.
      if (file.file.truncated) throw new HttpError(413, AVATAR_TOO_LARGE);
      if (data.length === 0) throw badRequest(AVATAR_MISSING);
      return { user: toUser(await saveAvatar(ctx.db, user, data)) };
    });

    // Served by an unguessable id (see avatars.ts), to signed-in users who were given the URL.
    app.get(
      '/_api/account/avatar/:avatarId',
      { schema: { params: avatarParams } },
      async (request, reply) => {
        requireUser(request);
        const avatar = await findAvatar(ctx.db, request.params.avatarId);
        if (!avatar) throw notFound('Avatar not found');
        const etag = avatarEtag(avatar.data);
        reply
          .header('content-type', avatar.content_type)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('content-disposition', 'inline')
          .header('etag', etag)
          // A new upload gets a new id, so what one id serves never changes.
          .header('cache-control', 'private, max-age=31536000, immutable');
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        return reply.send(avatar.data);
      },
    );

    app.post('/_api/account/avatar/delete', async (request) => {
      const user = requireUser(request);
      return { user: toUser(await removeAvatar(ctx.db, user)) };
    });

    // API passwords for reader apps (issue 26); the password is in the create answer only.
    app.get('/_api/account/api-passwords', async (request): Promise<ApiPasswordsResponse> => ({
      passwords: await listApiPasswords(ctx.db, requireUser(request).id),
    }));

    app.post(
      '/_api/account/api-passwords',
      { schema: { body: createApiPasswordSchema } },
      async (request): Promise<CreatedApiPassword> =>
        createApiPassword(ctx.db, requireUser(request), request.body.name),
    );

    app.post(
      '/_api/account/api-passwords/delete',
      { schema: { body: deleteApiPasswordSchema } },
      async (request) => {
        await revokeApiPassword(ctx.db, requireUser(request).id, request.body.id);
        return { success: true };
      },
    );
  };
}
