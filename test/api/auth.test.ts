import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { pruneAuthTables } from '../../src/server/auth/housekeeping';
import { KNOWN_DEVICE_COOKIE } from '../../src/server/auth/known-device';
import { waitAfterFailures } from '../../src/server/auth/login-throttle';
import { SESSION_COOKIE } from '../../src/server/auth/sessions';
import type { ApiClient } from '../helpers/client';
import { dialects } from '../helpers/database';
import { createUser, signIn } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

const STRONG = 'Nebula-Quasar-42';
const STRENGTH =
  'Password must contain at least one uppercase letter, one lowercase letter and one number';

// Each test that fails logins or registers comes from its own address, so the
// per-IP limits of one test never leak into another.
let ipCounter = 0;
const freshIp = () => ({ 'x-forwarded-for': `198.51.100.${++ipCounter}` });
let emailCounter = 0;
const freshEmail = (prefix = 'astro') => `${prefix}-${++emailCounter}-${Date.now()}@example.test`;

const sessionToken = (client: ApiClient) =>
  client.cookieHeader
    .split('; ')
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`))
    ?.slice(SESSION_COOKIE.length + 1);

describe.each(dialects)('auth calls (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(() => server.close());

  const register = (client: ApiClient, body: Record<string, unknown>, headers = freshIp()) =>
    client.post('/_api/auth/register_with_password', body, headers);
  const login = (client: ApiClient, body: Record<string, unknown>, headers = freshIp()) =>
    client.post('/_api/auth/login_with_password', body, headers);

  describe('registration', () => {
    it('makes the first account on a fresh database an admin, and the second a user', async () => {
      const first = server.client();
      const res = await register(first, {
        email: 'First@Example.test',
        password: STRONG,
        displayName: 'First 🚀',
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        user: {
          id: expect.any(Number),
          email: 'First@Example.test',
          displayName: 'First 🚀',
          avatarUrl: null,
          role: 'admin',
          zipCode: null,
          noAds: false,
          isDisabled: false,
          markReadPolicy: 'opened',
          keyboardShortcuts: true,
          location: null,
          units: 'us',
        },
      });
      const second = await register(server.client(), {
        email: freshEmail(),
        password: STRONG,
        displayName: 'Second',
      });
      expect(second.status).toBe(200);
      expect(second.body.user.role).toBe('user');
    });

    it('signs the new account in with an HttpOnly, SameSite=Lax session cookie', async () => {
      const client = server.client();
      const email = freshEmail();
      const res = await register(client, {
        email,
        password: STRONG,
        displayName: 'Cookie Tester',
        zipCode: '10001',
      });
      expect(res.body.user.zipCode).toBe('10001');
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
      expect(cookie).toBeDefined();
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      expect(cookie).toMatch(/;\s*Path=\//i);
      expect(cookie).not.toMatch(/;\s*Secure/i);
      const session = await client.get('/_api/auth/session');
      expect(session.status).toBe(200);
      expect(session.body.user.email).toBe(email);
    });

    it('stores an empty zip code as null', async () => {
      const res = await register(server.client(), {
        email: freshEmail(),
        password: STRONG,
        displayName: 'Zipless',
        zipCode: '',
      });
      expect(res.status).toBe(200);
      expect(res.body.user.zipCode).toBeNull();
    });

    it('refuses an e-mail already in use, whatever its capitalisation', async () => {
      const email = freshEmail('dup');
      expect(
        (await register(server.client(), { email, password: STRONG, displayName: 'One' })).status,
      ).toBe(200);
      const res = await register(server.client(), {
        email: email.toUpperCase(),
        password: STRONG,
        displayName: 'Two',
      });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: 'Email already in use', message: 'Email already in use' });
      const rows = await server.db
        .selectFrom('users')
        .select('id')
        .where('email_normalized', '=', email)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it.each([
      [{ password: STRONG, displayName: 'N' }, 'Email is required'],
      [{ email: 'not-an-email', password: STRONG, displayName: 'N' }, 'Email is required'],
      [
        { email: 'a@example.test', password: 'Sh0rt', displayName: 'N' },
        'Password must be at least 8 characters',
      ],
      [{ email: 'a@example.test', displayName: 'N' }, 'Password must be at least 8 characters'],
      [{ email: 'a@example.test', password: 'alllowercase1', displayName: 'N' }, STRENGTH],
      [{ email: 'a@example.test', password: 'ALLUPPERCASE1', displayName: 'N' }, STRENGTH],
      [{ email: 'a@example.test', password: 'NoDigitsHere', displayName: 'N' }, STRENGTH],
      [{ email: 'a@example.test', password: STRONG, displayName: '' }, 'Name is required'],
      [{ email: 'a@example.test', password: STRONG, displayName: '   ' }, 'Name is required'],
      [{ email: 'a@example.test', password: STRONG }, 'Name is required'],
      [
        { email: 'a@example.test', password: STRONG, displayName: 'N', zipCode: '1234' },
        'Invalid zip code format. Must be 5 digits.',
      ],
      [
        { email: 'a@example.test', password: STRONG, displayName: 'N', zipCode: 'abcde' },
        'Invalid zip code format. Must be 5 digits.',
      ],
    ])('rejects %j with "%s"', async (body, message) => {
      const res = await register(server.client(), body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: message, message });
    });

    it('allows 20 registrations an hour from one address, then answers 429', async () => {
      const ip = freshIp();
      for (let i = 0; i < 20; i++) {
        const res = await register(
          server.client(),
          { email: freshEmail('burst'), password: STRONG, displayName: `B${i}` },
          ip,
        );
        expect(res.status).toBe(200);
      }
      const blocked = await register(
        server.client(),
        { email: freshEmail('burst'), password: STRONG, displayName: 'B21' },
        ip,
      );
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toMatch(
        /^Too many registrations from this network\. Please try again in \d+ minutes?\.$/,
      );
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(3000);
      const elsewhere = await register(server.client(), {
        email: freshEmail('burst'),
        password: STRONG,
        displayName: 'Other',
      });
      expect(elsewhere.status).toBe(200);
    });
  });

  describe('login', () => {
    it('signs in with the right password and rotates the token on every login', async () => {
      const user = await createUser(server, { email: freshEmail('Mixed') });
      const client = server.client();
      const first = await login(client, {
        email: user.email.toUpperCase(),
        password: user.password,
      });
      expect(first.status).toBe(200);
      expect(first.body.user).toMatchObject({ id: user.id, email: user.email, role: 'user' });
      const firstToken = sessionToken(client)!;
      expect(firstToken).toMatch(/^[\w-]{43}$/);

      const second = await login(client, { email: user.email, password: user.password });
      expect(second.status).toBe(200);
      const secondToken = sessionToken(client)!;
      expect(secondToken).not.toBe(firstToken);

      // The old token no longer names a session.
      const stale = server.client();
      const res = await stale.get('/_api/auth/session', {
        cookie: `${SESSION_COOKIE}=${firstToken}`,
      });
      expect(res.body).toEqual({ user: null });
      expect((await client.get('/_api/auth/session')).body.user.id).toBe(user.id);
    });

    it('stores only a hash of the session token', async () => {
      const user = await createUser(server);
      const client = await signIn(server, user);
      const token = sessionToken(client)!;
      const rows = await server.db
        .selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', user.id)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0].token_hash).not.toBe(token);
      expect(rows[0].token_hash).toBe(createHash('sha256').update(token).digest('base64url'));
      const anyRaw = await server.db
        .selectFrom('sessions')
        .select('token_hash')
        .where('token_hash', '=', token)
        .execute();
      expect(anyRaw).toHaveLength(0);
    });

    it('gives the same answer for a wrong password and an unknown e-mail', async () => {
      const user = await createUser(server);
      const wrong = await login(server.client(), {
        email: user.email,
        password: 'Wrong-password-1',
      });
      const unknown = await login(server.client(), {
        email: freshEmail('ghost'),
        password: 'Wrong-password-1',
      });
      for (const res of [wrong, unknown]) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({
          error: 'Invalid email or password',
          message: 'Invalid email or password',
        });
        expect(res.headers.getSetCookie()).toEqual([]);
      }
    });

    it.each([
      [{ password: 'x' }, 'Email is required'],
      [{ email: 'nope', password: 'x' }, 'Email is required'],
      [{ email: 'a@example.test' }, 'Password is required'],
      [{ email: 'a@example.test', password: '' }, 'Password is required'],
    ])('rejects %j with "%s"', async (body, message) => {
      const res = await login(server.client(), body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: message, message });
    });

    it('refuses a disabled account, even with the right password', async () => {
      const user = await createUser(server);
      const client = await signIn(server, user);
      await server.db
        .updateTable('users')
        .set({ is_disabled: 1 })
        .where('id', '=', user.id)
        .execute();
      const res = await login(server.client(), { email: user.email, password: user.password });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        error: 'This account has been disabled.',
        message: 'This account has been disabled.',
      });
      expect((await client.get('/_api/auth/session')).body).toEqual({ user: null });
    });
  });

  describe('login rate limits', () => {
    const fail = (email: string, headers = freshIp()) =>
      login(server.client(), { email, password: 'Not-the-password-1' }, headers);

    it('answers 429 after 10 failures for one account from one address, until the window passes', async () => {
      const user = await createUser(server);
      const attacker = freshIp();
      for (let i = 0; i < 10; i++) expect((await fail(user.email, attacker)).status).toBe(401);
      const blocked = await login(
        server.client(),
        { email: user.email, password: user.password },
        attacker,
      );
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toBe('Too many login attempts. Please try again in 15 minutes.');
      expect(blocked.body.error).toBe(blocked.body.message);
      const retryAfter = Number(blocked.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(800);
      expect(retryAfter).toBeLessThanOrEqual(900);

      // Another account is unaffected.
      const other = await createUser(server);
      expect(
        (await login(server.client(), { email: other.email, password: other.password })).status,
      ).toBe(200);

      // Once the failures are older than 15 minutes, the right password works again.
      await server.db
        .updateTable('rate_events')
        .set((eb) => ({ created_at: eb('created_at', '-', 16 * 60 * 1000) }))
        .where('bucket', 'in', ['login-fail-account-ip', 'login-fail-ip', 'login-fail-account'])
        .where('key', 'in', [
          `${user.email.toLowerCase()}|${attacker['x-forwarded-for']}`,
          attacker['x-forwarded-for'],
          user.email.toLowerCase(),
        ])
        .execute();
      expect(
        (await login(server.client(), { email: user.email, password: user.password }, attacker))
          .status,
      ).toBe(200);
    });

    it('lets no more than 10 of 30 simultaneous guesses through to the password check', async () => {
      const user = await createUser(server);
      const ip = freshIp();
      const results = await Promise.all(
        Array.from({ length: 30 }, () => fail(user.email, ip).then((r) => r.status)),
      );
      // Never more than the limit; under a race in both windows at once a few more may
      // be refused (the safe side).
      const checked = results.filter((s) => s === 401).length;
      expect(checked).toBeLessThanOrEqual(10);
      expect(checked).toBeGreaterThanOrEqual(5);
      expect(results.filter((s) => s === 429)).toHaveLength(30 - checked);
    });

    it('does not lock the owner out: guesses from many addresses slow strangers, not the owner’s browser', async () => {
      const user = await createUser(server);
      const owner = server.client();
      expect((await login(owner, { email: user.email, password: user.password })).status).toBe(200);
      // Ten wrong passwords from ten addresses; the eleventh guess, from yet another, must wait.
      for (let i = 0; i < 10; i++) expect((await fail(user.email)).status).toBe(401);
      const slowed = await fail(user.email);
      expect(slowed.status).toBe(429);
      expect(slowed.body.message).toBe('Too many login attempts. Please try again in 1 minute.');
      const retryAfter = Number(slowed.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(30);
      // A new browser waits too, even with the right password (it could be a lucky guess)…
      expect(
        (await login(server.client(), { email: user.email, password: user.password })).status,
      ).toBe(429);
      // …but the browser the owner signed in on before gets in at once, from any address.
      expect((await login(owner, { email: user.email, password: user.password })).status).toBe(200);
      // The mark is for this account only, and cannot be forged.
      const other = await createUser(server);
      for (let i = 0; i < 10; i++) expect((await fail(other.email)).status).toBe(401);
      expect((await login(owner, { email: other.email, password: 'Wrong-Guess-1' })).status).toBe(
        429,
      );
      const forged = server.client();
      const badMark = await forged.request('POST', '/_api/auth/login_with_password', {
        json: { email: user.email, password: 'Wrong-Guess-2' },
        headers: { ...freshIp(), cookie: `${KNOWN_DEVICE_COOKIE}=${'A'.repeat(43)}` },
      });
      expect(badMark.status).toBe(429);
    });

    it('slows one account’s guesses from rotating addresses with growing waits (X-Forwarded-For behind a proxy)', async () => {
      const user = await createUser(server);
      const account = user.email.toLowerCase();
      // One client forging a new X-Forwarded-For for each of 30 guesses.
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push((await fail(user.email)).status);
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses.slice(10)).toEqual(Array(20).fill(429));
      // Each wait passes (the failures are moved back in time), allows one guess, and doubles.
      const waits: number[] = [];
      for (let round = 0; round < 4; round++) {
        const refused = await fail(user.email);
        expect(refused.status).toBe(429);
        const wait = Number(refused.headers.get('retry-after'));
        waits.push(wait);
        await server.db
          .updateTable('rate_events')
          .set((eb) => ({ created_at: eb('created_at', '-', wait * 1000) }))
          .where('bucket', '=', 'login-fail-account')
          .where('key', '=', account)
          .execute();
        expect((await fail(user.email)).status).toBe(401);
      }
      // 30 s, 1, 2 and 4 minutes after the latest failure (Retry-After counts what is left).
      waits.forEach((wait, i) => {
        const full = waitAfterFailures(10 + i) / 1000;
        expect(full).toBe(30 * 2 ** i);
        expect(wait).toBeLessThanOrEqual(full);
        expect(wait).toBeGreaterThan(full - 10);
      });
      expect(waitAfterFailures(9)).toBe(0);
      expect(waitAfterFailures(40)).toBe(15 * 60 * 1000);
      // Refused guesses were never checked, so they are not counted as failures.
      const counted = await server.db
        .selectFrom('rate_events')
        .select('id')
        .where('bucket', '=', 'login-fail-account')
        .where('key', '=', account)
        .execute();
      expect(counted).toHaveLength(14);
    });

    it('from one shared address, one client’s wrong guesses do not block everyone else; the address stops at 100', async () => {
      const ip = freshIp();
      const victim = await createUser(server);
      for (let i = 0; i < 10; i++) expect((await fail(victim.email, ip)).status).toBe(401);
      expect((await fail(victim.email, ip)).status).toBe(429);
      // A colleague behind the same NAT signs in as usual.
      const colleague = await createUser(server);
      expect(
        (await login(server.client(), { email: colleague.email, password: colleague.password }, ip))
          .status,
      ).toBe(200);
      // Failures at many accounts from one address: the address's own window is 100.
      const at = Date.now();
      await server.db
        .insertInto('rate_events')
        .values(
          Array.from({ length: 90 }, () => ({
            bucket: 'login-fail-ip',
            key: ip['x-forwarded-for'],
            created_at: at,
          })),
        )
        .execute();
      const user = await createUser(server);
      const blocked = await login(
        server.client(),
        { email: user.email, password: user.password },
        ip,
      );
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toMatch(
        /^Too many login attempts\. Please try again in \d+ minutes?\.$/,
      );
      expect(blocked.headers.get('retry-after')).toBeTruthy();
      // The same account from another address is fine.
      expect(
        (await login(server.client(), { email: user.email, password: user.password })).status,
      ).toBe(200);
    });

    it('forgets an e-mail’s failures after a successful login', async () => {
      const user = await createUser(server);
      const ip = freshIp();
      for (let i = 0; i < 9; i++) expect((await fail(user.email, ip)).status).toBe(401);
      expect(
        (await login(server.client(), { email: user.email, password: user.password }, ip)).status,
      ).toBe(200);
      // The account-and-address window starts again; the address's own window does not.
      const left = await server.db
        .selectFrom('rate_events')
        .select('bucket')
        .where('key', 'in', [`${user.email.toLowerCase()}|${ip['x-forwarded-for']}`])
        .execute();
      expect(left).toEqual([]);
      const perIp = await server.db
        .selectFrom('rate_events')
        .select('bucket')
        .where('key', '=', ip['x-forwarded-for'])
        .execute();
      expect(perIp).toHaveLength(9);
    });
  });

  describe('session and logout', () => {
    it('answers { user: null } without a session', async () => {
      const res = await server.client().get('/_api/auth/session');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ user: null });
    });

    it('logs out: deletes the session and clears the cookie', async () => {
      const user = await createUser(server);
      const client = await signIn(server, user);
      const token = sessionToken(client)!;
      const res = await client.post('/_api/auth/logout', {});
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
      expect(res.headers.getSetCookie().join()).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
      expect((await client.get('/_api/auth/session')).body).toEqual({ user: null });
      const replay = await server
        .client()
        .get('/_api/auth/session', { cookie: `${SESSION_COOKIE}=${token}` });
      expect(replay.body).toEqual({ user: null });
    });

    it('logs out without a session, with or without a body', async () => {
      expect((await server.client().post('/_api/auth/logout', {})).body).toEqual({ success: true });
      const bare = await server.client().request('POST', '/_api/auth/logout');
      expect(bare.status).toBe(200);
      expect(bare.body).toEqual({ success: true });
    });
  });

  describe('profile', () => {
    it('changes display name and e-mail', async () => {
      const user = await createUser(server);
      const client = await signIn(server, user);
      const email = freshEmail('renamed');
      const res = await client.post('/_api/auth/update_profile', {
        displayName: '  Carl Sagan ✨ ',
        email,
        currentPassword: user.password,
      });
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ id: user.id, displayName: 'Carl Sagan ✨', email });
      expect((await client.get('/_api/auth/session')).body.user.email).toBe(email);
      // The new address signs in; the old one no longer does.
      expect((await login(server.client(), { email, password: user.password })).status).toBe(200);
      expect(
        (await login(server.client(), { email: user.email, password: user.password })).status,
      ).toBe(401);
    });

    it('refuses an e-mail another account uses, case-insensitively, but accepts its own in new capitals', async () => {
      const other = await createUser(server);
      const user = await createUser(server);
      const client = await signIn(server, user);
      const taken = await client.post('/_api/auth/update_profile', {
        email: other.email.toUpperCase(),
        currentPassword: user.password,
      });
      expect(taken.status).toBe(409);
      expect(taken.body).toEqual({
        error: 'Email already in use',
        message: 'Email already in use',
      });
      // Same address, other capitalisation: not a change of address, no password needed.
      const own = await client.post('/_api/auth/update_profile', {
        email: user.email.toUpperCase(),
      });
      expect(own.status).toBe(200);
      expect(own.body.user.email).toBe(user.email.toUpperCase());
    });

    it('asks for the current password to change the address, and checks it', async () => {
      const user = await createUser(server);
      const client = await signIn(server, user);
      const email = freshEmail('moved');
      const missing = await client.post('/_api/auth/update_profile', { email });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe('Current password is required to change your email');
      const wrong = await client.post('/_api/auth/update_profile', {
        email,
        currentPassword: 'Wrong-Guess-1',
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({
        error: 'Current password is incorrect',
        message: 'Current password is incorrect',
      });
      expect((await client.get('/_api/auth/session')).body.user.email).toBe(user.email);
      // A name change alone needs no password.
      expect((await client.post('/_api/auth/update_profile', { displayName: 'N' })).status).toBe(
        200,
      );
    });

    it('counts wrong current passwords on an address change with failed logins', async () => {
      const user = await createUser(server);
      const ip = freshIp();
      const client = await signIn(server, user);
      const attempt = (currentPassword: string) =>
        client.post(
          '/_api/auth/update_profile',
          { email: freshEmail('grab'), currentPassword },
          ip,
        );
      for (let i = 0; i < 10; i++) expect((await attempt(`Wrong-Guess-${i}`)).status).toBe(400);
      const blocked = await attempt(user.password);
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toMatch(/^Too many password attempts\./);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it.each([
      ['NUL', 'Eve\u0000Admin'],
      ['escape', 'Eve\u001b[31m'],
      ['C1 control', 'Eve\u0085'],
      ['right-to-left override', 'Eve\u202Egnp.exe'],
      ['isolate', 'Eve\u2066x\u2069'],
    ])('refuses a display name with a %s', async (_what, displayName) => {
      const client = await signIn(server, await createUser(server));
      const res = await client.post('/_api/auth/update_profile', { displayName });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        'Display name cannot contain control characters or text-direction overrides',
      );
      const reg = await register(server.client(), {
        email: freshEmail('ctl'),
        password: STRONG,
        displayName,
      });
      expect(reg.status).toBe(400);
      expect(reg.body.message).toBe(
        'Display name cannot contain control characters or text-direction overrides',
      );
    });

    it.each([
      [{ displayName: '' }, 'Display name is required'],
      [{ displayName: '  ' }, 'Display name is required'],
      [{ email: 'not-an-email' }, 'Invalid email address'],
      [{ avatarUrl: 'https://evil.example/tracker.png' }, 'Invalid avatar URL'],
    ])('rejects %j with "%s"', async (body, message) => {
      const { client } = { client: await signIn(server, await createUser(server)) };
      const res = await client.post('/_api/auth/update_profile', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: message, message });
    });
  });

  describe('password change', () => {
    it('changes the password and ends every session of the user', async () => {
      const user = await createUser(server);
      const client = await signIn(server, user);
      const otherDevice = await signIn(server, user);
      const bystander = await signIn(server, await createUser(server));
      const res = await client.post('/_api/auth/change_password', {
        currentPassword: user.password,
        newPassword: 'Brand-New-Orbit-7',
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
      expect((await client.get('/_api/auth/session')).body).toEqual({ user: null });
      expect((await otherDevice.get('/_api/auth/session')).body).toEqual({ user: null });
      expect((await bystander.get('/_api/auth/session')).body.user).not.toBeNull();
      expect(
        (await login(server.client(), { email: user.email, password: user.password })).status,
      ).toBe(401);
      expect(
        (await login(server.client(), { email: user.email, password: 'Brand-New-Orbit-7' })).status,
      ).toBe(200);
    });

    it.each([
      [{ newPassword: 'Brand-New-Orbit-7' }, 'Current password is required'],
      [{ currentPassword: '', newPassword: 'Brand-New-Orbit-7' }, 'Current password is required'],
      [{ currentPassword: 'x' }, 'New password must be at least 8 characters'],
      [
        { currentPassword: 'x', newPassword: 'Sh0rt' },
        'New password must be at least 8 characters',
      ],
      [{ currentPassword: 'x', newPassword: 'weakweakweak' }, STRENGTH],
    ])('rejects %j with "%s"', async (body, message) => {
      const client = await signIn(server, await createUser(server));
      const res = await client.post('/_api/auth/change_password', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: message, message });
    });

    it('refuses a wrong current password and keeps the old one', async () => {
      const user = await createUser(server);
      const client = await signIn(server, user);
      const res = await client.post('/_api/auth/change_password', {
        currentPassword: 'Wrong-Guess-1',
        newPassword: 'Brand-New-Orbit-7',
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: 'Current password is incorrect',
        message: 'Current password is incorrect',
      });
      expect((await client.get('/_api/auth/session')).body.user.id).toBe(user.id);
      expect(
        (await login(server.client(), { email: user.email, password: user.password })).status,
      ).toBe(200);
    });

    it('limits guesses at the current password like failed logins (10 in 15 minutes)', async () => {
      const user = await createUser(server);
      const client = await signIn(server, user);
      const guess = (currentPassword: string) =>
        client.post('/_api/auth/change_password', {
          currentPassword,
          newPassword: 'Brand-New-Orbit-7',
        });
      for (let i = 0; i < 10; i++) expect((await guess(`Wrong-Guess-${i}`)).status).toBe(400);
      const blocked = await guess(user.password);
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toMatch(
        /^Too many password attempts\. Please try again in \d+ minutes?\.$/,
      );
      expect((await client.get('/_api/auth/session')).body.user.id).toBe(user.id); // nothing changed
    });
  });

  describe('without a session', () => {
    it.each([
      ['/_api/auth/update_profile', { displayName: 'X' }],
      [
        '/_api/auth/change_password',
        { currentPassword: 'Old-Password-1', newPassword: 'New-Password-1' },
      ],
      ['/_api/profile/update_zip_code', { zipCode: '12345' }],
      ['/_api/account/avatar/delete', {}],
    ])('POST %s answers 401', async (path, body) => {
      const res = await server.client().post(path, body);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        error: 'Authentication required',
        message: 'Authentication required',
      });
    });
  });

  it('housekeeping drops expired sessions and stale login events, and nothing else', async () => {
    const user = await createUser(server);
    const live = await signIn(server, user);
    const at = Date.now();
    await server.db
      .insertInto('sessions')
      .values({
        token_hash: 'expired-hash',
        user_id: user.id,
        created_at: at - 10,
        expires_at: at - 1,
        last_seen_at: at - 10,
      })
      .execute();
    await server.db
      .insertInto('rate_events')
      .values([
        {
          bucket: 'login-fail-account-ip',
          key: 'old@example.test',
          created_at: at - 16 * 60 * 1000,
        },
        { bucket: 'login-fail-account-ip', key: 'new@example.test', created_at: at - 60 * 1000 },
        { bucket: 'register-ip', key: '203.0.113.9', created_at: at - 30 * 60 * 1000 },
        { bucket: 'someone-elses', key: 'x', created_at: at - 24 * 60 * 60 * 1000 },
      ])
      .execute();
    await pruneAuthTables(server.ctx, at);
    const hashes = await server.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(hashes.map((h) => h.token_hash)).not.toContain('expired-hash');
    expect(hashes).toHaveLength(1);
    expect((await live.get('/_api/auth/session')).body.user.id).toBe(user.id);
    const keys = await server.db
      .selectFrom('rate_events')
      .select('key')
      .where('key', 'in', ['old@example.test', 'new@example.test', '203.0.113.9', 'x'])
      .execute();
    expect(keys.map((k) => k.key).toSorted()).toEqual(['203.0.113.9', 'new@example.test', 'x']);
  });

  it('answers malformed JSON with a 400 and no stack trace', async () => {
    const res = await server.client().request('POST', '/_api/auth/login_with_password', {
      body: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Invalid JSON body', message: 'Invalid JSON body' });
    expect(res.text).not.toMatch(/stack|at .*\.ts/);
  });
});

describe.each(dialects)('ADMIN_EMAIL (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    // Nobody has the address when this server starts.
    server = await startTestServer({ dialect, env: { ADMIN_EMAIL: 'Boss@Example.test' } });
  });
  afterAll(() => server.close());

  /** What a restart with this ADMIN_EMAIL does to the database: build the app on it again. */
  async function restartWith(adminEmail: string) {
    const { app } = await buildApp({
      config: { ...server.config, adminEmail: adminEmail.toLowerCase() },
      db: server.db,
      dialect: server.database.dialect,
      webDir: '/nonexistent',
    });
    await app.close();
  }
  const roleOf = async (id: number) =>
    (
      await server.db
        .selectFrom('users')
        .select('role')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).role;

  it('gives whoever registers the address later no more than the first-account rule: a user, at sign-in and after a restart', async () => {
    await createUser(server); // the database is no longer fresh
    const client = server.client();
    const res = await client.post(
      '/_api/auth/register_with_password',
      { email: 'boss@example.TEST', password: STRONG, displayName: 'Boss' },
      freshIp(),
    );
    expect(res.status).toBe(200);
    expect(res.body.user.role).toBe('user');
    const again = await server
      .client()
      .post(
        '/_api/auth/login_with_password',
        { email: 'boss@example.test', password: STRONG },
        freshIp(),
      );
    expect(again.body.user.role).toBe('user');
    await restartWith('Boss@Example.test');
    expect(await roleOf(res.body.user.id)).toBe('user');
  });

  it('makes the account that registered with the address admin at the next start, and keeps it admin', async () => {
    const chief = await createUser(server, { email: 'Chief@example.test' });
    await restartWith('chief@example.test');
    expect(await roleOf(chief.id)).toBe('admin');
    // Demoted while the server runs, it is admin again at the next start.
    await server.db.updateTable('users').set({ role: 'user' }).where('id', '=', chief.id).execute();
    await restartWith('chief@example.test');
    expect(await roleOf(chief.id)).toBe('admin');
    // Another account that takes the address once the chief has left it is not.
    const left = await signIn(server, chief);
    const moved = await left.post('/_api/auth/update_profile', {
      email: 'chief-elsewhere@example.test',
      currentPassword: chief.password,
    });
    expect(moved.status).toBe(200);
    await server.db.updateTable('users').set({ role: 'user' }).where('id', '=', chief.id).execute();
    const taker = await createUser(server, { email: 'chief@example.test' });
    await restartWith('chief@example.test');
    expect(await roleOf(taker.id)).toBe('user');
    expect(await roleOf(chief.id)).toBe('user');
  });

  it('never promotes an account that changed its address to it, at sign-in or at a start', async () => {
    const user = await createUser(server);
    const client = await signIn(server, user);
    const res = await client.post('/_api/auth/update_profile', {
      email: 'Owner@example.test',
      currentPassword: user.password,
    });
    expect(res.status).toBe(200);
    await restartWith('owner@example.test');
    expect(await roleOf(user.id)).toBe('user');
    const signedIn = await server
      .client()
      .post(
        '/_api/auth/login_with_password',
        { email: 'owner@example.test', password: user.password },
        freshIp(),
      );
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.role).toBe('user');
  });
});
