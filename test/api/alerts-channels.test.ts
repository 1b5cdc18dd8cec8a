// Alert channels (issue 30) against local stand-ins speaking the real protocols:
// a push service that checks VAPID and decrypts RFC 8291 messages, an ntfy
// server, a webhook endpoint, an SMTP server. Each has "Send test"; another
// user's channel answers 404 and changes nothing. SQLite and PostgreSQL.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startNtfy,
  startPushService,
  startSmtp,
  startWebhook,
  type HttpReceiver,
  type PushService,
  type SmtpStandIn,
} from '../helpers/alert-receivers';
import { dialects } from '../helpers/database';
import { createSessionUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

/** A signed-in user's calls, by session cookie. */
async function signedIn(server: TestServer, email?: string) {
  const user = await createSessionUser(server, email ? { email } : {});
  const client = server.client();
  const headers = { cookie: user.cookie };
  return {
    user,
    get: (path: string) => client.get(path, headers),
    post: (path: string, body: unknown) => client.post(path, body, headers),
  };
}

describe.each(dialects)('alert channels (%s)', (dialect) => {
  let server: TestServer;
  let ntfy: HttpReceiver;
  let hook: HttpReceiver;
  let push: PushService;
  let smtp: SmtpStandIn;

  beforeAll(async () => {
    [ntfy, hook, push, smtp] = await Promise.all([
      startNtfy({ token: 'tk_secret' }),
      startWebhook(),
      startPushService(),
      startSmtp(),
    ]);
    server = await startTestServer({
      dialect,
      env: {
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtp.port),
        SMTP_FROM: 'AstroDash <alerts@astro.test>',
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await Promise.all([ntfy.close(), hook.close(), push.close(), smtp.close()]);
  });

  it('adds each kind, lists them without secrets, and sends a test through each', async () => {
    const alice = await signedIn(server, 'alice@astro.test');
    const sub = push.subscribe();
    const created = {
      push: await alice.post('/_api/alerts/channels', {
        kind: 'push',
        name: 'Firefox',
        url: sub.endpoint,
        keys: sub.keys,
      }),
      ntfy: await alice.post('/_api/alerts/channels', {
        kind: 'ntfy',
        name: 'Phone',
        url: ntfy.url,
        topic: 'astro_alerts',
        token: 'tk_secret',
      }),
      webhook: await alice.post('/_api/alerts/channels', {
        kind: 'webhook',
        name: 'Home Assistant',
        url: hook.url,
      }),
      email: await alice.post('/_api/alerts/channels', { kind: 'email', name: 'Mail' }),
    };
    for (const res of Object.values(created)) expect(res.status).toBe(200);
    // The webhook's signing secret is shown once, on creation.
    const secret: string = created.webhook.body.secret;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(created.ntfy.body.secret).toBeUndefined();

    const list = await alice.get('/_api/alerts/channels');
    expect(list.body.channels.map((c: { kind: string }) => c.kind)).toEqual([
      'push',
      'ntfy',
      'webhook',
      'email',
    ]);
    expect(list.text).not.toContain(secret);
    expect(list.text).not.toContain('tk_secret');
    expect(list.text).not.toContain(sub.endpoint);
    expect(list.body.channels[1]).toMatchObject({
      url: ntfy.url,
      topic: 'astro_alerts',
      hasToken: true,
    });
    expect(list.body.channels[3]).toMatchObject({ email: 'alice@astro.test' });

    for (const res of Object.values(created)) {
      const test = await alice.post('/_api/alerts/channels/test', { id: res.body.id });
      expect(test.body).toEqual({ ok: true });
    }
    // Push: VAPID-signed, decrypted with the browser's keys.
    expect(push.received[0].json).toMatchObject({
      title: 'AstroDash test alert',
      url: `${server.url}/alerts`,
    });
    expect(push.received[0].headers.urgency).toBe('normal');
    // ntfy: JSON publishing with the token.
    expect(ntfy.received[0].json).toMatchObject({
      topic: 'astro_alerts',
      title: 'AstroDash test alert',
      click: `${server.url}/alerts`,
    });
    // Webhook: the signature is the HMAC-SHA256 of the body under the secret.
    const delivery = hook.received[0];
    expect(delivery.headers['x-astrodash-signature']).toBe(
      `sha256=${createHmac('sha256', secret).update(delivery.raw).digest('hex')}`,
    );
    expect(delivery.json).toMatchObject({ event: 'test', title: 'AstroDash test alert' });
    // E-mail through SMTP.
    expect(smtp.received[0]).toMatchObject({
      to: 'alice@astro.test',
      subject: 'AstroDash test alert',
    });
    expect(smtp.received[0].text).toContain(`${server.url}/alerts`);
  });

  it('says clearly why a test failed: a refused token, a failing SMTP server, an expired push subscription', async () => {
    const bob = await signedIn(server);
    const wrongToken = await bob.post('/_api/alerts/channels', {
      kind: 'ntfy',
      name: 'n',
      url: ntfy.url,
      topic: 't1',
      token: 'tk_wrong',
    });
    expect((await bob.post('/_api/alerts/channels/test', { id: wrongToken.body.id })).body).toEqual(
      {
        ok: false,
        error: 'The ntfy server refused the access token (403)',
      },
    );
    const notNtfy = await bob.post('/_api/alerts/channels', {
      kind: 'ntfy',
      name: 'n',
      url: `${hook.url.replace('/hooks/astro', '')}/`,
      topic: 't2',
    });
    expect((await bob.post('/_api/alerts/channels/test', { id: notNtfy.body.id })).body.error).toBe(
      'This address does not answer like an ntfy server (no message id came back)',
    );

    const mail = await bob.post('/_api/alerts/channels', { kind: 'email', name: 'Mail' });
    smtp.refuseWith = { code: 550, message: 'Mailbox unavailable' };
    try {
      const test = await bob.post('/_api/alerts/channels/test', { id: mail.body.id });
      expect(test.body.ok).toBe(false);
      expect(test.body.error).toMatch(
        /^The mail server refused the message: 550 .*Mailbox unavailable/,
      );
    } finally {
      smtp.refuseWith = null;
    }

    const sub = push.subscribe();
    const device = await bob.post('/_api/alerts/channels', {
      kind: 'push',
      name: 'Old phone',
      url: sub.endpoint,
      keys: sub.keys,
    });
    push.expire(sub.endpoint);
    expect((await bob.post('/_api/alerts/channels/test', { id: device.body.id })).body.error).toBe(
      "The browser's push subscription has expired (410); this device was removed",
    );
    const listed = (await bob.get('/_api/alerts/channels')).body.channels.find(
      (c: { id: number }) => c.id === device.body.id,
    );
    expect(listed).toMatchObject({ status: 'gone' });
  });

  it('refuses bad input with a clear message', async () => {
    const carol = await signedIn(server);
    const bad = async (body: object) => {
      const res = await carol.post('/_api/alerts/channels', body);
      expect(res.status).toBe(400);
      return res.body.error as string;
    };
    expect(await bad({ kind: 'ntfy', name: 'n', url: 'ntfy.sh', topic: 'a' })).toBe(
      "Enter the ntfy server's address, e.g. https://ntfy.sh",
    );
    expect(
      await bad({ kind: 'ntfy', name: 'n', url: 'https://ntfy.sh/alerts', topic: 'alerts' }),
    ).toBe(
      "Enter the ntfy server's address without the topic, e.g. https://ntfy.sh, and the topic in its own field",
    );
    expect(await bad({ kind: 'ntfy', name: 'n', url: 'https://ntfy.sh', topic: 'no spaces' })).toBe(
      'An ntfy topic is 1–64 letters, digits, - or _',
    );
    expect(await bad({ kind: 'webhook', name: 'w', url: 'ftp://x.test/' })).toBe(
      'Enter the webhook URL, starting with http:// or https://',
    );
    expect(await bad({ kind: 'pager', name: 'p' })).toBe(
      'Channel kind must be push, ntfy, webhook or email',
    );
    expect(await bad({ kind: 'email', name: 'm', email: 'someone-else@astro.test' })).toBe(
      "Alerts can be e-mailed only to your account's address.",
    );
    expect(
      await bad({
        kind: 'push',
        name: 'p',
        url: 'https://push.test/x',
        keys: { p256dh: 'AAAA', auth: 'BBBB' },
      }),
    ).toBe("The push subscription's keys are not valid");
    expect((await carol.post('/_api/alerts/channels/test', { id: 'x' })).body.error).toBe(
      'Invalid channel ID',
    );
  });

  it("another user's channel answers 404 and stays", async () => {
    const owner = await signedIn(server);
    const other = await signedIn(server);
    const { body } = await owner.post('/_api/alerts/channels', {
      kind: 'webhook',
      name: 'w',
      url: hook.url,
    });
    const before = hook.received.length;
    expect((await other.post('/_api/alerts/channels/test', { id: body.id })).status).toBe(404);
    expect((await other.post('/_api/alerts/channels/delete', { id: body.id })).status).toBe(404);
    expect(
      (
        await other.post('/_api/alerts/rules', {
          trigger: { kind: 'pass' },
          channelIds: [body.id],
          enabled: true,
        })
      ).status,
    ).toBe(404);
    expect((await other.get('/_api/alerts/channels')).body.channels).toEqual([]);
    expect(hook.received.length).toBe(before);
    expect((await owner.get('/_api/alerts/channels')).body.channels).toHaveLength(1);
    expect((await owner.post('/_api/alerts/channels/delete', { id: body.id })).body).toEqual({
      success: true,
    });
    expect((await owner.get('/_api/alerts/channels')).body.channels).toEqual([]);
  });

  it('rules and quiet hours refuse bad input with their messages, and say rules in plain words', async () => {
    const dana = await signedIn(server);
    const { body: hookChannel } = await dana.post('/_api/alerts/channels', {
      kind: 'webhook',
      name: 'w',
      url: hook.url,
    });
    const rule = async (body: object) => (await dana.post('/_api/alerts/rules', body)).body;
    expect(
      (await rule({ trigger: { kind: 'launch' }, channelIds: [hookChannel.id], enabled: true }))
        .error,
    ).toBe('Choose at least one launch event');
    expect(
      (
        await rule({
          trigger: { kind: 'tonight', at: '25:00' },
          channelIds: [hookChannel.id],
          enabled: true,
        })
      ).error,
    ).toBe('Enter a time as HH:MM');
    expect(
      (
        await rule({
          trigger: { kind: 'stories', sourceIds: [999999] },
          channelIds: [hookChannel.id],
          enabled: true,
        })
      ).error,
    ).toBe('Source not found');
    expect((await rule({ trigger: { kind: 'pass' }, channelIds: [], enabled: true })).error).toBe(
      'Choose at least one channel',
    );
    expect(
      (await rule({ trigger: { kind: 'pass' }, channelIds: [hookChannel.id], enabled: 'yes' }))
        .error,
    ).toBe('enabled must be true or false');
    const { id } = await rule({
      trigger: {
        kind: 'launch',
        scope: 'vehicle',
        vehicle: 'Falcon 9',
        before: ['24h', '10m'],
        liftoff: true,
      },
      channelIds: [hookChannel.id],
      enabled: true,
    });
    const listed = (await dana.get('/_api/alerts/rules')).body.rules;
    expect(listed).toEqual([
      expect.objectContaining({
        id,
        enabled: true,
        overrideQuietHours: false,
        summary:
          'Tell me 24 hours and 10 minutes before any Falcon 9 launch, and when it lifts off, by webhook',
      }),
    ]);
    expect(
      (await dana.post('/_api/alerts/settings', { quietHours: { start: '22:00', end: '22:00' } }))
        .body.error,
    ).toBe('Quiet hours must start and end at different times');
    expect(
      (await dana.post('/_api/alerts/settings', { timeZone: 'Mars/Olympus_Mons' })).body.error,
    ).toBe('Unknown time zone');
    const saved = await dana.post('/_api/alerts/settings', {
      quietHours: { start: '22:30', end: '06:45' },
      timeZone: 'Europe/Paris',
    });
    expect(saved.body).toMatchObject({
      quietHours: { start: '22:30', end: '06:45' },
      timeZone: 'Europe/Paris',
      emailAvailable: true,
    });
    expect(saved.body.vapidPublicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect((await dana.get('/_api/alerts/deliveries?status=nope')).status).toBe(400);
  });
});
