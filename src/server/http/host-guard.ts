// Which Host names the server answers for. DNS rebinding points an attacker's
// name at this server's address, so the browser treats our API as the attacker's
// own origin; refusing unknown Host headers closes that door.
import { promises as dns } from 'node:dns';
import net from 'node:net';
import os from 'node:os';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { isApiRequest } from './auth-guard';
import { HttpError, errorBody } from './errors';

export const MISDIRECTED = 'This server does not answer for that host name.';
/** Without PUBLIC_URL, what a refused name is told (the page adds how to fix it). */
export const SET_PUBLIC_URL =
  'This server does not answer for that host name. To reach AstroDash by this name, set PUBLIC_URL to the address users type (e.g. https://astro.example.org).';
export const FIRST_ACCOUNT_LOCAL_ONLY =
  'The first account (the administrator) can only be registered through localhost or the server’s IP address, or once PUBLIC_URL is set.';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The name without port or brackets, lower-cased. */
function hostnameOf(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']') === -1 ? undefined : h.indexOf(']'));
  const colon = h.lastIndexOf(':');
  // A trailing dot names the same host ("localhost." is localhost).
  return (colon === -1 ? h : h.slice(0, colon)).replace(/\.$/, '');
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
 * Without it, only names DNS rebinding cannot produce are served: localhost, IP
 * literals and the machine's own host names; any other name gets a 421 page telling
 * the operator to set PUBLIC_URL.
 */
export function registerHostGuard(app: FastifyInstance, config: Config) {
  if (!config.publicUrl) {
    const names = machineNames();
    app.addHook('onRequest', async (request, reply) => {
      const host = request.host || '';
      if (isLocalOrIpHost(host) || names.has(hostnameOf(host))) return;
      return refuseUnknownHost(request, reply);
    });
    return;
  }
  const expected = new URL(config.publicUrl).host.toLowerCase();
  app.addHook('onRequest', async (request) => {
    // request.host honours TRUST_PROXY: X-Forwarded-Host counts only behind a trusted proxy.
    const host = (request.host || '').toLowerCase();
    if (host === expected) return;
    if (isLoopbackPeer(request) && LOOPBACK_NAMES.has(hostnameOf(host))) return;
    throw new HttpError(421, MISDIRECTED);
  });
}

/**
 * The machine's own names: os.hostname(), and its fully qualified name when the
 * resolver knows it (from /etc/hosts, usually at once). The look-up runs in the
 * background and adds the name when it answers; until then, or if it never does,
 * the plain host name is enough.
 */
export function machineNames(): Set<string> {
  const short = os.hostname().toLowerCase().replace(/\.$/, '');
  const names = new Set([short]);
  if (short && !short.includes('.')) {
    void dns
      .lookup(short)
      .then(({ address }) => dns.lookupService(address, 0))
      .then(({ hostname }) => {
        const full = hostname.toLowerCase().replace(/\.$/, '');
        if (full.startsWith(`${short}.`)) names.add(full);
      })
      .catch(() => undefined);
  }
  return names;
}

/** The 421 for an unknown name: JSON for the API, a short page for a browser. */
function refuseUnknownHost(request: FastifyRequest, reply: FastifyReply) {
  reply.code(421).header('cache-control', 'no-store');
  if (isApiRequest(request)) {
    return reply.send(errorBody(SET_PUBLIC_URL));
  }
  return reply.type('text/html; charset=utf-8').send(UNKNOWN_HOST_PAGE);
}

const UNKNOWN_HOST_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Set PUBLIC_URL - AstroDash</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1f2937}code{background:#f3f4f6;padding:0 .25rem;border-radius:.25rem}</style>
</head>
<body>
<h1>This server does not answer for that host name</h1>
<p>AstroDash answers only to <code>localhost</code>, IP addresses and this machine's own name until it knows its public address, so that another web site cannot reach it through a look-alike name (DNS rebinding).</p>
<p>If you run this server: set <code>PUBLIC_URL</code> to the address users type, for example <code>PUBLIC_URL=https://astro.example.org</code>, and restart it.</p>
</body>
</html>
`;

/** Whether this request may create the first (admin) account. */
export function mayRegisterFirstAccount(request: FastifyRequest, config: Config): boolean {
  return Boolean(config.publicUrl) || isLocalOrIpHost(request.host || '');
}

/** The origin links are made with: PUBLIC_URL's when set, else the one the request came to. */
export const publicOrigin = (config: Config, request: FastifyRequest) =>
  config.publicUrl ? new URL(config.publicUrl).origin : `${request.protocol}://${request.host}`;
