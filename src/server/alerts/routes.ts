// The alerts calls (issue 30): channels, rules, quiet hours, the delivery log.
// JSON, same origin, signed in (the session guard covers /_api/); a user sees
// and changes only their own channels and rules.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  channelIdSchema,
  createChannelSchema,
  deliveriesQuerySchema,
  ruleIdSchema,
  saveRuleSchema,
  settingsSchema,
  type AlertSettings,
  type ChannelKind,
  type ChannelTestResponse,
  type ChannelsResponse,
  type CreatedChannel,
  type DeliveriesResponse,
  type RulesResponse,
} from '../../shared/alerts';
import { minutesSeconds } from '../../shared/format';
import type { AppContext } from '../context';
import { requireUser } from '../http/auth-guard';
import { rateWindow } from '../http/rate-limit';
import { listSourcesFor } from '../sources/service';
import type { AlertEngine } from './engine';
import { listDeliveries } from './delivery-log';
import { toChannel, toDelivery, toRule, toSettings } from './presenter';
import * as repo from './repository';
import * as service from './service';

const TEST_SENDS = rateWindow({ bucket: 'alert-test', limit: 10, windowMs: 10 * 60_000 });

export function alertsRoutes(ctx: AppContext, engine: AlertEngine): FastifyPluginAsync {
  const { db, config } = ctx;
  const deps = { db, config, engine };
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    app.get('/_api/alerts/channels', async (request): Promise<ChannelsResponse> => ({
      channels: (await repo.listChannels(db, requireUser(request).id)).map(toChannel),
    }));

    app.post(
      '/_api/alerts/channels',
      { schema: { body: createChannelSchema } },
      async (request): Promise<CreatedChannel> => {
        const user = requireUser(request);
        const origin = `${request.protocol}://${request.host}`;
        return service.createChannel(deps, user, request.body, origin);
      },
    );

    app.post(
      '/_api/alerts/channels/test',
      { schema: { body: channelIdSchema } },
      async (request): Promise<ChannelTestResponse> => {
        const user = requireUser(request);
        await ctx.rateLimiter.consume(
          [{ window: TEST_SENDS, key: String(user.id) }],
          (retryAfterMs) => `Too many test alerts. Try again in ${minutesSeconds(retryAfterMs)}.`,
        );
        return service.testChannel(deps, user.id, request.body.id);
      },
    );

    app.post(
      '/_api/alerts/channels/delete',
      { schema: { body: channelIdSchema } },
      async (request) => {
        await service.deleteChannel(deps, requireUser(request).id, request.body.id);
        return { success: true };
      },
    );

    app.get('/_api/alerts/rules', async (request): Promise<RulesResponse> => {
      const user = requireUser(request);
      const rows = await repo.listRules(db, user.id);
      const channels = new Map((await repo.listChannels(db, user.id)).map((c) => [c.id, c]));
      const byRule = await repo.ruleChannels(
        db,
        rows.map((r) => r.id),
      );
      const needsNames = rows.some(
        (r) => r.trigger_kind === 'stories' && r.trigger.includes('sourceIds'),
      );
      const names = new Map(
        needsNames ? (await listSourcesFor(db, user.id)).map((s) => [Number(s.id), s.name]) : [],
      );
      return {
        rules: rows.map((r) =>
          toRule(
            r,
            byRule.get(r.id) ?? [],
            (id) => channels.get(id)?.kind as ChannelKind | undefined,
            (id) => names.get(id),
          ),
        ),
      };
    });

    app.post('/_api/alerts/rules', { schema: { body: saveRuleSchema } }, async (request) =>
      service.saveRule(deps, requireUser(request).id, request.body),
    );

    app.post('/_api/alerts/rules/delete', { schema: { body: ruleIdSchema } }, async (request) => {
      await service.deleteRule(deps, requireUser(request).id, request.body.id);
      return { success: true };
    });

    app.get('/_api/alerts/settings', async (request): Promise<AlertSettings> => {
      const user = requireUser(request);
      return toSettings(
        await repo.findSettings(db, user.id),
        await engine.vapidPublicKey(),
        config.alerts.smtp !== null,
      );
    });

    app.post(
      '/_api/alerts/settings',
      { schema: { body: settingsSchema } },
      async (request): Promise<AlertSettings> => {
        const user = requireUser(request);
        await service.saveSettings(deps, user.id, request.body);
        return toSettings(
          await repo.findSettings(db, user.id),
          await engine.vapidPublicKey(),
          config.alerts.smtp !== null,
        );
      },
    );

    app.get(
      '/_api/alerts/deliveries',
      { schema: { querystring: deliveriesQuerySchema } },
      async (request): Promise<DeliveriesResponse> => {
        const user = requireUser(request);
        const { status, before, limit, alertId } = request.query;
        const rows = await listDeliveries(db, user.id, {
          status: status === 'all' ? undefined : status,
          before,
          limit,
          alertId,
        });
        const context = {
          now: engine.clock.now(),
          timeZone: (await repo.findSettings(db, user.id))?.time_zone ?? 'UTC',
          publicUrl: config.publicUrl,
        };
        return {
          deliveries: rows.map((r) => toDelivery(r, context)),
          nextBefore: rows.length === limit ? rows.at(-1)!.id : null,
        };
      },
    );
  };
}
