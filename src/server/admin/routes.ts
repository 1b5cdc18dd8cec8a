// Admin calls (spec 001 §7): purge old stories and user management. The auth
// guard already demands role admin for every /_api/admin/ path.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_ONLY,
  CANNOT_CHANGE_OWN_ROLE,
  CANNOT_CHANGE_OWN_STATUS,
  LAST_ADMIN,
  PURGE_IN_PROGRESS,
  USER_NOT_FOUND,
  adminUsersQuerySchema,
  updateDisabledSchema,
  updateRoleSchema,
  type AdminUsersResponse,
  type PurgeResponse,
} from '../../shared/admin';
import type { AppContext } from '../context';
import { requireAdmin } from '../http/auth-guard';
import { badRequest, conflict, notFound } from '../http/errors';
import { toAdminUser } from './presenter';
import { listUsers, setDisabled, setRole } from '../auth/users';

export function adminRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    // Runs the purge job now (recorded in its history); one purge at a time, across instances.
    r.post(
      '/_api/admin/purge-old-stories',
      { config: { forbiddenMessage: ADMIN_ONLY } },
      async (request): Promise<PurgeResponse> => {
        requireAdmin(request, ADMIN_ONLY);
        const outcome = await ctx.jobs.run('purge', 'manual');
        if (outcome.status === 'busy') throw conflict(PURGE_IN_PROGRESS);
        if (outcome.status === 'error') throw new Error(outcome.run.error ?? 'Purge failed');
        return {
          deletedCount: Number(outcome.figures.deletedCount ?? 0),
          savedKeptCount: Number(outcome.figures.savedKeptCount ?? 0),
        };
      },
    );

    r.get(
      '/_api/admin/users',
      { schema: { querystring: adminUsersQuerySchema } },
      async (request): Promise<AdminUsersResponse> => {
        const { page, pageSize, search } = request.query;
        const { rows, total } = await listUsers(ctx.db, { page, pageSize, search });
        return {
          users: rows.map(toAdminUser),
          pagination: {
            page,
            pageSize,
            total,
            totalPages: Math.max(1, Math.ceil(total / pageSize)),
          },
        };
      },
    );

    r.post(
      '/_api/admin/users/update-role',
      { schema: { body: updateRoleSchema } },
      async (request) => {
        const admin = requireAdmin(request);
        const { userId, role } = request.body;
        if (userId === admin.id) throw badRequest(CANNOT_CHANGE_OWN_ROLE);
        const result = await setRole(ctx.db, userId, role, Date.now());
        if (!result.ok)
          throw result.reason === 'not-found' ? notFound(USER_NOT_FOUND) : conflict(LAST_ADMIN);
        return { user: toAdminUser(result.user) };
      },
    );

    r.post(
      '/_api/admin/users/update-disabled',
      { schema: { body: updateDisabledSchema } },
      async (request) => {
        const admin = requireAdmin(request);
        const { userId, isDisabled } = request.body;
        if (userId === admin.id) throw badRequest(CANNOT_CHANGE_OWN_STATUS);
        const user = await setDisabled(ctx.db, userId, isDisabled, Date.now());
        if (!user) throw notFound(USER_NOT_FOUND);
        return { user: toAdminUser(user) };
      },
    );
  };
}
