// What the alerts calls do, beyond their schemas: ownership (another user's
// channel or rule is 404 and nothing changes), limits, the checks a schema
// cannot make, and re-arming a rule when it changes.
import { randomBytes } from 'node:crypto';
import {
  CHANNEL_NOT_FOUND,
  CHANNELS_MAX,
  EMAIL_NOT_CONFIGURED,
  EMAIL_OWN_ADDRESS_ONLY,
  RULE_NOT_FOUND,
  RULES_MAX,
  TOO_MANY_CHANNELS,
  TOO_MANY_RULES,
  triggerSchema,
  type ChannelTestResponse,
  type CreateChannelInput,
  type CreatedChannel,
  type SettingsInput,
  type Trigger,
  type saveRuleSchema,
} from '../../shared/alerts';
import type { z } from 'zod';
import type { Config } from '../config';
import type { DB } from '../db/database';
import type { UserRow } from '../db/tables';
import { badRequest, conflict, notFound } from '../http/errors';
import { latestItemId } from '../news/new-items';
import { addressPolicy, assertHostAllowed } from '../net/ssrf';
import { listSourcesFor } from '../sources/service';
import { pushKeysUsable } from './channels/http-channels';
import { channelTarget } from './dispatch';
import type { AlertEngine } from './engine';
import { clockMinutes } from '../local-time';
import { compose } from './message';
import { cancelRuleAlerts } from './outbox';
import * as repo from './repository';
import { parseTrigger } from './rules';

type SaveRule = z.output<typeof saveRuleSchema>;

export interface AlertsDeps {
  config: Config;
  db: DB;
  engine: AlertEngine;
}

function checkHost(config: Config, url: string) {
  try {
    assertHostAllowed(new URL(url).hostname, addressPolicy(config.ingest.allowPrivateNetwork));
  } catch {
    throw badRequest('Blocked: the URL points to a private or local network address.');
  }
}

export async function createChannel(
  deps: AlertsDeps,
  user: UserRow,
  input: CreateChannelInput,
  origin: string,
): Promise<CreatedChannel> {
  const { config, db } = deps;
  const now = deps.engine.clock.now();
  const existing = await repo.listChannels(db, user.id);
  if (existing.length >= CHANNELS_MAX) throw conflict(TOO_MANY_CHANNELS);
  const base = {
    user_id: user.id,
    kind: input.kind,
    name: input.name,
    origin,
    token: null,
    secret: null,
  };
  switch (input.kind) {
    case 'push': {
      if (!pushKeysUsable(input.keys))
        throw badRequest("The push subscription's keys are not valid");
      checkHost(config, input.url);
      // The same browser subscribing again is the same channel.
      const same = existing.find(
        (c) => c.kind === 'push' && c.status === 'active' && JSON.parse(c.config).url === input.url,
      );
      if (same) return { id: same.id };
      const id = await repo.insertChannel(
        db,
        { ...base, config: JSON.stringify({ url: input.url, keys: input.keys }) },
        now,
      );
      return { id };
    }
    case 'ntfy': {
      const path = new URL(input.url).pathname.replace(/\/+$/, '');
      if (path.split('/').at(-1) === input.topic)
        throw badRequest(
          "Enter the ntfy server's address without the topic, e.g. https://ntfy.sh, and the topic in its own field",
        );
      checkHost(config, input.url);
      const id = await repo.insertChannel(
        db,
        {
          ...base,
          config: JSON.stringify({ url: input.url, topic: input.topic }),
          token: input.token ?? null,
        },
        now,
      );
      return { id };
    }
    case 'webhook': {
      checkHost(config, input.url);
      const secret = randomBytes(32).toString('hex');
      const id = await repo.insertChannel(
        db,
        { ...base, config: JSON.stringify({ url: input.url }), secret },
        now,
      );
      return { id, secret };
    }
    case 'email': {
      if (!config.alerts.smtp) throw badRequest(EMAIL_NOT_CONFIGURED);
      const email = (input.email ?? user.email).trim();
      if (email.toLowerCase() !== user.email_normalized) throw badRequest(EMAIL_OWN_ADDRESS_ONLY);
      const id = await repo.insertChannel(db, { ...base, config: JSON.stringify({ email }) }, now);
      return { id };
    }
  }
}

export async function deleteChannel(deps: AlertsDeps, userId: number, id: number) {
  if (!(await repo.deleteChannel(deps.db, userId, id))) throw notFound(CHANNEL_NOT_FOUND);
}

/** Sends a test message now and says how it went (the channel's own words on failure). */
export async function testChannel(
  deps: AlertsDeps,
  userId: number,
  id: number,
): Promise<ChannelTestResponse> {
  const { db, config, engine } = deps;
  const row = await repo.findChannel(db, userId, id);
  if (!row) throw notFound(CHANNEL_NOT_FOUND);
  if (row.status !== 'active')
    return { ok: false, error: row.status_reason ?? 'This channel is no longer usable' };
  const now = engine.clock.now();
  const zone = (await repo.findSettings(db, userId))?.time_zone ?? 'UTC';
  const text = compose(
    { type: 'test', channelName: row.name },
    { alertId: 0, now, timeZone: zone },
  );
  const base = config.publicUrl ? new URL(config.publicUrl).origin : row.origin;
  const result = await engine.channels.send(channelTarget(row), {
    id: `astrodash-test-${row.id}-${now}`,
    event: 'test',
    title: text.title,
    body: text.body,
    url: `${base}${text.path}`,
    tag: text.tag,
    urgency: 'normal',
    sentAt: now,
    data: null,
  });
  if (result.ok) return { ok: true };
  if (result.gone) await repo.markChannelGone(db, row.id, result.reason, now);
  return { ok: false, error: result.reason };
}

async function checkRuleInput(db: DB, userId: number, input: SaveRule) {
  const own = new Set((await repo.listChannels(db, userId)).map((c) => c.id));
  if (input.channelIds.some((id) => !own.has(id))) throw notFound(CHANNEL_NOT_FOUND);
  if (input.trigger.kind === 'stories' && input.trigger.sourceIds) {
    const visible = new Set((await listSourcesFor(db, userId)).map((s) => Number(s.id)));
    if (input.trigger.sourceIds.some((id) => !visible.has(id))) throw notFound('Source not found');
  }
}

/** Creates or changes a rule. A rule turned on (or changed while on) starts from now. */
export async function saveRule(
  deps: AlertsDeps,
  userId: number,
  input: SaveRule,
): Promise<{ id: number }> {
  const { db, engine } = deps;
  const now = engine.clock.now();
  await checkRuleInput(db, userId, input);
  const trigger = JSON.stringify(input.trigger);
  const armed = async () => ({
    enabled_at: now,
    cursor: input.trigger.kind === 'stories' ? await latestItemId(db) : null,
    state: null,
  });
  let id: number;
  if (input.id === undefined) {
    if ((await repo.countRules(db, userId)) >= RULES_MAX) throw conflict(TOO_MANY_RULES);
    id = await repo.insertRule(
      db,
      userId,
      {
        trigger_kind: input.trigger.kind,
        trigger,
        enabled: input.enabled ? 1 : 0,
        override_quiet: input.overrideQuietHours ? 1 : 0,
        ...(await armed()),
      },
      input.channelIds,
      now,
    );
  } else {
    id = input.id;
    const row = await repo.findRule(db, userId, id);
    if (!row) throw notFound(RULE_NOT_FOUND);
    const channels = (await repo.ruleChannels(db, [id])).get(id) ?? [];
    const same =
      row.trigger === trigger &&
      row.enabled === (input.enabled ? 1 : 0) &&
      channels.join() === input.channelIds.toSorted((a, b) => a - b).join();
    const override_quiet = input.overrideQuietHours ? 1 : 0;
    if (same) {
      if (row.override_quiet !== override_quiet)
        await repo.updateRule(db, id, { override_quiet }, undefined, now);
      return { id };
    }
    await cancelRuleAlerts(
      db,
      id,
      input.enabled ? 'Cancelled: the rule was changed' : 'Cancelled: the rule was turned off',
      now,
    );
    await repo.updateRule(
      db,
      id,
      {
        trigger_kind: input.trigger.kind,
        trigger,
        enabled: input.enabled ? 1 : 0,
        override_quiet,
        ...(input.enabled ? await armed() : {}),
      },
      input.channelIds,
      now,
    );
  }
  if (input.enabled && input.trigger.kind === 'launch') {
    const row = await repo.findRule(db, userId, id);
    if (row) await engine.scheduleRule({ ...row, parsed: parseTrigger(row.trigger, 'launch') });
  }
  return { id };
}

export async function deleteRule(deps: AlertsDeps, userId: number, id: number) {
  if (!(await repo.deleteRule(deps.db, userId, id))) throw notFound(RULE_NOT_FOUND);
}

export async function saveSettings(deps: AlertsDeps, userId: number, input: SettingsInput) {
  const changes: Parameters<typeof repo.saveSettings>[2] = {};
  if (input.quietHours !== undefined) {
    changes.quiet_start = input.quietHours ? clockMinutes(input.quietHours.start) : null;
    changes.quiet_end = input.quietHours ? clockMinutes(input.quietHours.end) : null;
  }
  if (input.timeZone !== undefined) changes.time_zone = input.timeZone;
  await repo.saveSettings(deps.db, userId, changes, deps.engine.clock.now());
}

/** A stored trigger, read back through its schema (a row from an older version still parses). */
export const storedTrigger = (text: string): Trigger => triggerSchema.parse(JSON.parse(text));
