// One Google Reader API call as its handlers see it: the app's context, the
// request and reply, the merged parameters and the signed-in caller.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest } from '../../http/errors';
import type { SyncCaller } from '../auth';
import type { Params } from '../form';
import { parseItemId } from './ids';
import type { StreamSnapshots } from '../../news/stream';

export interface Call {
  ctx: AppContext;
  request: FastifyRequest;
  reply: FastifyReply;
  params: Params;
  caller: SyncCaller;
  /** The decoded path after the endpoint's name (stream/contents/<stream>, atom/<stream>). */
  rest: string;
  /** Unread lists kept while an app pages through them (news/stream.ts). */
  snapshots: StreamSnapshots;
}

export type Handler = (call: Call) => Promise<unknown>;

/** Only JSON is served; `output` may be left out. */
export function requireJson(call: Call): void {
  const output = call.params.get('output');
  if (output !== undefined && output !== 'json')
    throw badRequest('Only JSON output is supported (output=json)');
}

/** A whole number parameter within [min, max], else the default; a malformed one is a 400. */
export function intParam(
  call: Call,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = call.params.get(name);
  if (raw === undefined || raw === '') return fallback;
  if (!/^-?\d{1,16}$/.test(raw.trim())) throw badRequest(`${name} must be a whole number`);
  return Math.min(max, Math.max(min, Number(raw)));
}

/** The items named by `i` (every id form clients send): at least one, at most `max`. */
export function itemIdParams(call: Call, toWhat: string, max: number): number[] {
  const raw = call.params.all('i');
  if (raw.length === 0) throw badRequest(`Give the items to ${toWhat} (i)`);
  if (raw.length > max) throw badRequest(`At most ${max} items at a time`);
  return raw.map((r) => {
    const id = parseItemId(r);
    if (id === null) throw badRequest(`Not an item id: ${r.slice(0, 80)}`);
    return id;
  });
}
