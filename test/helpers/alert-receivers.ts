// Local stand-ins for the alert channels, each speaking the real protocol on
// loopback: a web push service that checks the VAPID signature (RFC 8292) and
// decrypts the message (RFC 8291, http_ece) with the browser's keys, an
// ntfy-compatible server (JSON publishing), a webhook endpoint and an SMTP server
// (smtp-server, messages read with mailparser).
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as ece from 'http_ece';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function bodyOf(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** How a stand-in answers the next requests: statuses in order, then 2xx. */
class Script {
  private queue: { status: number; headers?: Record<string, string> }[] = [];
  failNext(status: number, times = 1, headers?: Record<string, string>) {
    for (let i = 0; i < times; i++) this.queue.push({ status, headers });
  }
  next() {
    return this.queue.shift();
  }
}

export interface Received {
  at: number;
  headers: http.IncomingHttpHeaders;
  /** Parsed JSON (ntfy, webhook) or the decrypted push message. */
  json: any;
  raw: string;
}

export interface HttpReceiver {
  url: string;
  received: Received[];
  script: Script;
  close(): Promise<void>;
}

/** An ntfy server: POST / with {topic, title, message, click, tags, priority}; answers the message. */
export async function startNtfy(options: { token?: string } = {}): Promise<HttpReceiver> {
  const received: Received[] = [];
  const script = new Script();
  const server = http.createServer((req, res) => {
    void (async () => {
      const raw = (await bodyOf(req)).toString();
      if (req.method !== 'POST' || req.url !== '/') return res.writeHead(404).end('not found');
      if (options.token && req.headers.authorization !== `Bearer ${options.token}`)
        return res
          .writeHead(403, { 'content-type': 'application/json' })
          .end('{"code":40301,"error":"forbidden"}');
      const fail = script.next();
      if (fail) return res.writeHead(fail.status, fail.headers).end('{"error":"scripted"}');
      const json = JSON.parse(raw);
      received.push({ at: Date.now(), headers: req.headers, json, raw });
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: randomBytes(6).toString('hex'),
          time: Math.floor(Date.now() / 1000),
          event: 'message',
          topic: json.topic,
          title: json.title,
          message: json.message,
        }),
      );
    })();
  });
  const url = await listen(server);
  return { url, received, script, close: () => new Promise((r) => server.close(() => r())) };
}

/** A webhook endpoint recording each body as sent (the signature is checked by the test). */
export async function startWebhook(): Promise<
  HttpReceiver & { hold?: (req: http.IncomingMessage) => boolean }
> {
  const received: Received[] = [];
  const script = new Script();
  const server = http.createServer((req, res) => {
    void (async () => {
      const raw = (await bodyOf(req)).toString();
      const fail = script.next();
      if (fail) return res.writeHead(fail.status, fail.headers).end('scripted failure');
      received.push({ at: Date.now(), headers: req.headers, json: JSON.parse(raw), raw });
      res.writeHead(204).end();
    })();
  });
  const url = await listen(server);
  return {
    url: `${url}/hooks/astro`,
    received,
    script,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

export interface PushSubscriptionKeys {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushService extends HttpReceiver {
  /** A browser's subscription: its keys stay here, to decrypt what arrives. */
  subscribe(): PushSubscriptionKeys;
  /** Subscriptions the service has forgotten: they answer 410. */
  expire(endpoint: string): void;
}

function verifyVapid(authorization: string | undefined): boolean {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!m) return false;
  const [head, payload, sig] = m[1].split('.');
  const raw = Buffer.from(m[2], 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  if (
    typeof claims.aud !== 'string' ||
    typeof claims.sub !== 'string' ||
    claims.exp * 1000 < Date.now()
  )
    return false;
  return verify(
    'sha256',
    Buffer.from(`${head}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(sig, 'base64url'),
  );
}

/** A push service: verifies VAPID, decrypts the aes128gcm body with the subscription's keys. */
export async function startPushService(): Promise<PushService> {
  const received: Received[] = [];
  const script = new Script();
  const subscriptions = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const expired = new Set<string>();
  const server = http.createServer((req, res) => {
    void (async () => {
      const body = await bodyOf(req);
      const id = (req.url ?? '').replace('/push/', '');
      const sub = subscriptions.get(id);
      if (!sub || expired.has(id)) return res.writeHead(410).end('subscription gone');
      if (!verifyVapid(req.headers.authorization))
        return res.writeHead(403).end('bad VAPID signature');
      if (req.headers['content-encoding'] !== 'aes128gcm' || !req.headers.ttl)
        return res.writeHead(400).end('bad headers');
      const fail = script.next();
      if (fail) return res.writeHead(fail.status, fail.headers).end('scripted');
      const plain = ece
        .decrypt(body, { version: 'aes128gcm', privateKey: sub.ecdh, authSecret: sub.auth })
        .toString();
      received.push({ at: Date.now(), headers: req.headers, json: JSON.parse(plain), raw: plain });
      res.writeHead(201).end();
    })();
  });
  const url = await listen(server);
  return {
    url,
    received,
    script,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomBytes(8).toString('hex');
      subscriptions.set(id, { ecdh, auth });
      return {
        endpoint: `${url}/push/${id}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: auth.toString('base64url'),
        },
      };
    },
    expire(endpoint) {
      expired.add(endpoint.slice(endpoint.lastIndexOf('/') + 1));
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
}

export interface MailReceived {
  from: string;
  to: string;
  subject: string;
  text: string;
  messageId: string;
}

export interface SmtpStandIn {
  port: number;
  received: MailReceived[];
  /** Refuse recipients with this reply (e.g. 550 mailbox unavailable). */
  refuseWith: { code: number; message: string } | null;
  close(): Promise<void>;
}

export async function startSmtp(): Promise<SmtpStandIn> {
  const stand: SmtpStandIn = { port: 0, received: [], refuseWith: null, close: async () => {} };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (stand.refuseWith) {
        const err = Object.assign(new Error(stand.refuseWith.message), {
          responseCode: stand.refuseWith.code,
        });
        return callback(err);
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          stand.received.push({
            from: mail.from?.text ?? '',
            to: Array.isArray(mail.to)
              ? mail.to.map((t) => t.text).join(', ')
              : (mail.to?.text ?? ''),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            messageId: mail.messageId ?? '',
          });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stand.port = (server.server.address() as AddressInfo).port;
  stand.close = () => new Promise((r) => server.close(() => r()));
  return stand;
}
