// Which Host names the server answers for. DNS rebinding points an attacker's
// name at this server's address, so the browser treats our API as the attacker's
// own origin; refusing unknown Host headers closes that door.
import net from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { HttpError } from './errors';

export const MISDIRECTED = 'This server does not answer for that host name.';
export const FIRST_ACCOUNT_LOCAL_ONLY =
  'The first account (the administrator) can only be registered through localhost or the server’s IP address, or once PUBLIC_URL is set.';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The name without port or brackets, lower-cased. */
function hostnameOf(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']') === -1 ? undefined : h.indexOf(']'));
  const colon = h.lastIndexOf(':');
  return colon === -1 ? h : h.slice(0, colon);
}

/** localhost (or a *.localhost name) or an IP literal: names DNS rebinding cannot produce. */
export function isLocalOrIpHost(host: string): boolean {
  const name = hostnameOf(host);
  return name === 'localhost' || name.endsWith('.localhost') || net.isIP(name) !== 0;
}

const isLoopbackPeer = (request: FastifyRequest) => {
  const peer = request.socket.remoteAddress ?? '';
  return peer === '::1' || peer.startsWith('127.') || peer.startsWith('::ffff:127.');
};

/**
 * With PUBLIC_URL set, only its host is served (421 otherwise). Loopback names are
 * also accepted from the machine itself, so health checks on localhost keep working.
 */
export function registerHostGuard(app: FastifyInstance, config: Config) {
  if (!config.publicUrl) return;
  const expected = new URL(config.publicUrl).host.toLowerCase();
  app.addHook('onRequest', async (request) => {
    // request.host honours TRUST_PROXY: X-Forwarded-Host counts only behind a trusted proxy.
    const host = (request.host || '').toLowerCase();
    if (host === expected) return;
    if (isLoopbackPeer(request) && LOOPBACK_NAMES.has(hostnameOf(host))) return;
    throw new HttpError(421, MISDIRECTED);
  });
}

/** Whether this request may create the first (admin) account. */
export function mayRegisterFirstAccount(request: FastifyRequest, config: Config): boolean {
  return Boolean(config.publicUrl) || isLocalOrIpHost(request.host || '');
}
