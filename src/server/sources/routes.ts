// Sources calls: the user's own sources and default-source switches, the admin's
// default sources, and OPML import/export (the add-source form's title look-up
// is ingestion's: ingest/routes.ts). Each handler: validate → authorize → act.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createSourceSchema,
  deleteSourceSchema,
  opmlImportSchema,
  sourcePreferenceSchema,
  updateSourceSchema,
} from '../../shared/schemas';
import type { AppContext } from '../context';
import { requireAdmin, requireUser } from '../http/auth-guard';
import { sourceFolderSchema, type SourceFolderResponse } from '../../shared/sync';
import { exportOpml, importOpml, OPML_BODY_LIMIT, OPML_FILENAME } from './opml';
import { setSourceFolder } from './folders';
import * as sources from './service';

export interface SourcesRoutesOptions {
  /**
   * Fetches a saved source at once, in the background (ingestion's
   * fetchSourceNow, handed in by app.ts: ingestion reads sources, not the reverse).
   */
  fetchNow: (sourceId: number | string) => void;
}

export function sourcesRoutes(
  ctx: AppContext,
  { fetchNow }: SourcesRoutesOptions,
): FastifyPluginAsync {
  const { db, config } = ctx;
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    app.get('/_api/news/sources', async (request) => {
      const user = requireUser(request);
      return { sources: await sources.listSourcesFor(db, user.id) };
    });

    app.post(
      '/_api/news/sources',
      { schema: { body: createSourceSchema } },
      async (request, reply) => {
        const user = requireUser(request);
        const created = await sources.createSource(db, config, user.id, request.body);
        fetchNow(created.id); // in the background: the response does not wait
        return reply.code(201).send(created);
      },
    );

    app.post(
      '/_api/news/sources/update',
      { schema: { body: updateSourceSchema } },
      async (request) => {
        const user = requireUser(request);
        const { sourceId, ...fields } = request.body;
        const source = await sources.loadOwnSource(db, user.id, sourceId);
        const updated = await sources.updateSource(db, config, source, fields);
        fetchNow(source.id);
        return updated;
      },
    );

    app.post(
      '/_api/news/sources/delete',
      { schema: { body: deleteSourceSchema } },
      async (request) => {
        const user = requireUser(request);
        const source = await sources.loadOwnSource(db, user.id, request.body.sourceId);
        await sources.deleteSource(db, source.id);
        return { success: true };
      },
    );

    app.post(
      '/_api/news/sources/preferences',
      { schema: { body: sourcePreferenceSchema } },
      async (request) => {
        const user = requireUser(request);
        await sources.setDefaultSourcePreference(
          db,
          user.id,
          request.body.sourceId,
          request.body.isEnabled,
        );
        return { success: true };
      },
    );

    // The caller's folder for a source (default or own), which reader apps show as a label.
    app.post(
      '/_api/news/sources/folder',
      { schema: { body: sourceFolderSchema } },
      async (request): Promise<SourceFolderResponse> => {
        const user = requireUser(request);
        return setSourceFolder(db, user.id, request.body.sourceId, request.body.folder);
      },
    );

    app.get('/_api/news/sources/opml', async (request, reply) => {
      const user = requireUser(request);
      return reply
        .type('text/x-opml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${OPML_FILENAME}"`)
        .header('cache-control', 'no-store')
        .send(await exportOpml(db, user));
    });

    app.post(
      '/_api/news/sources/opml',
      { schema: { body: opmlImportSchema }, bodyLimit: OPML_BODY_LIMIT },
      async (request) => {
        const user = requireUser(request);
        return importOpml(db, config, user.id, request.body.opml);
      },
    );

    // ---------- admin: default sources ----------

    app.post(
      '/_api/admin/sources-create',
      { schema: { body: createSourceSchema } },
      async (request, reply) => {
        requireAdmin(request);
        const created = await sources.createSource(db, config, null, request.body);
        fetchNow(created.id);
        return reply.code(201).send(created);
      },
    );

    app.post(
      '/_api/admin/sources/update',
      { schema: { body: updateSourceSchema } },
      async (request) => {
        requireAdmin(request);
        const { sourceId, ...fields } = request.body;
        const source = await sources.loadDefaultSource(db, sourceId);
        const updated = await sources.updateSource(db, config, source, fields);
        fetchNow(source.id);
        return updated;
      },
    );

    app.post(
      '/_api/admin/sources/delete',
      { schema: { body: deleteSourceSchema } },
      async (request) => {
        requireAdmin(request);
        const source = await sources.loadDefaultSource(db, request.body.sourceId);
        await sources.deleteSource(db, source.id);
        return { success: true };
      },
    );
  };
}
