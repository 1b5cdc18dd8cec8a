// Announcement calls: the caller's active list, history and dismissal, and the
// admin's list, create, update and delete (under /_api/admin/, which the auth
// guard already limits to admins). Each handler: validate → authorize → act.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createAnnouncementSchema,
  deleteAnnouncementSchema,
  dismissAnnouncementSchema,
  updateAnnouncementSchema,
} from '../../shared/schemas';
import type { AppContext } from '../context';
import { requireAdmin, requireUser } from '../http/auth-guard';
import * as announcements from './service';

export function announcementsRoutes(ctx: AppContext): FastifyPluginAsync {
  const { db } = ctx;
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    app.get('/_api/announcements', async (request) => {
      const user = requireUser(request);
      return { announcements: await announcements.listActive(db, user.id) };
    });

    app.get('/_api/announcements/all', async (request) => {
      const user = requireUser(request);
      return { announcements: await announcements.listHistory(db, user.id) };
    });

    app.post(
      '/_api/announcements/dismiss',
      { schema: { body: dismissAnnouncementSchema } },
      async (request) => {
        const user = requireUser(request);
        await announcements.dismiss(db, user.id, request.body.announcementId);
        return { success: true };
      },
    );

    // ---------- admin ----------

    app.get('/_api/admin/announcements', async (request) => {
      requireAdmin(request);
      return { announcements: await announcements.listForAdmin(db) };
    });

    app.post(
      '/_api/admin/announcements',
      { schema: { body: createAnnouncementSchema } },
      async (request, reply) => {
        const admin = requireAdmin(request);
        const announcement = await announcements.create(db, admin.id, request.body);
        return reply.code(201).send({ announcement });
      },
    );

    app.post(
      '/_api/admin/announcements/update',
      { schema: { body: updateAnnouncementSchema } },
      async (request) => {
        requireAdmin(request);
        const { announcementId, ...fields } = request.body;
        return { announcement: await announcements.update(db, announcementId, fields) };
      },
    );

    app.post(
      '/_api/admin/announcements/delete',
      { schema: { body: deleteAnnouncementSchema } },
      async (request) => {
        requireAdmin(request);
        await announcements.remove(db, request.body.announcementId);
        return { success: true };
      },
    );
  };
}
