// Reader-app clients for the sync API tests: an API password made through the
// account call, a Google Reader client (ClientLogin, then the Authorization
// header on every call, forms for POSTs) and a Fever client (api_key posted).
import { createHash } from 'node:crypto';
import type { ApiClient } from './client';

export interface SyncResponse {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

async function read(res: Response): Promise<SyncResponse> {
  const text = await res.text();
  let json: any;
  if ((res.headers.get('content-type') ?? '').includes('json') && text) json = JSON.parse(text);
  return { status: res.status, headers: res.headers, text, json };
}

/** A form body with repeated keys: [['i', '1'], ['i', '2'], ['a', 'user/-/state/com.google/read']]. */
export const form = (pairs: Array<[string, string]>) => new URLSearchParams(pairs).toString();

/** Creates an API password through the account call; returns the one-time password. */
export async function newApiPassword(client: ApiClient, name = 'Phone') {
  const res = await client.post('/_api/account/api-passwords', { name });
  if (res.status !== 200) throw new Error(`api-passwords: ${res.status} ${res.text}`);
  return res.body as { id: number; name: string; password: string };
}

export async function clientLogin(baseUrl: string, email: string, password: string) {
  return read(
    await fetch(`${baseUrl}/api/greader/accounts/ClientLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form([
        ['Email', email],
        ['Passwd', password],
      ]),
    }),
  );
}

export class GReader {
  constructor(
    readonly baseUrl: string,
    readonly auth: string,
  ) {}

  static async login(baseUrl: string, email: string, password: string): Promise<GReader> {
    const res = await clientLogin(baseUrl, email, password);
    if (res.status !== 200) throw new Error(`ClientLogin: ${res.status} ${res.text}`);
    const auth = /^Auth=(.+)$/m.exec(res.text)?.[1];
    if (!auth) throw new Error(`no Auth line in ${res.text}`);
    return new GReader(baseUrl, auth);
  }

  /** GET reader/api/0/<path> (or any path under /api/greader/ when it starts with "/"). */
  async get(
    path: string,
    query: Array<[string, string]> = [],
    headers: Record<string, string> = {},
  ) {
    const url = `${this.url(path)}${query.length ? `?${form(query)}` : ''}`;
    return read(
      await fetch(url, { headers: { authorization: `GoogleLogin auth=${this.auth}`, ...headers } }),
    );
  }

  async post(path: string, body: Array<[string, string]>, headers: Record<string, string> = {}) {
    return read(
      await fetch(this.url(path), {
        method: 'POST',
        headers: {
          authorization: `GoogleLogin auth=${this.auth}`,
          'content-type': 'application/x-www-form-urlencoded',
          ...headers,
        },
        body: form(body),
      }),
    );
  }

  async token(): Promise<string> {
    const res = await this.get('token');
    if (res.status !== 200) throw new Error(`token: ${res.status} ${res.text}`);
    return res.text;
  }

  private url(path: string) {
    return path.startsWith('/')
      ? `${this.baseUrl}/api/greader${path}`
      : `${this.baseUrl}/api/greader/reader/api/0/${path}`;
  }
}

/** What a Fever client sends as api_key. */
export const feverKey = (email: string, password: string) =>
  createHash('md5').update(`${email}:${password}`).digest('hex');

export class Fever {
  constructor(
    readonly baseUrl: string,
    readonly apiKey: string,
  ) {}

  /** POST /api/fever/?api&<query> with api_key (and `body`) in the form, as Fever clients do. */
  async call(query: string, body: Array<[string, string]> = []) {
    return read(
      await fetch(`${this.baseUrl}/api/fever/?api${query ? `&${query}` : ''}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form([['api_key', this.apiKey], ...body]),
      }),
    );
  }
}

export const longId = (id: number) =>
  `tag:google.com,2005:reader/item/${id.toString(16).padStart(16, '0')}`;
