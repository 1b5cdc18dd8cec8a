// The Google Reader API's tokens, derived from an API password rather than
// stored: Auth (what ClientLogin answers, sent back in every request's
// Authorization header) and T (the edit token). Each is an HMAC under a server
// secret of the password's id and hash, so revoking the password (deleting its
// row) ends both at once, and checking one costs a primary-key look-up.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ApiPasswordRow } from '../account/api-password-repository';
import { apiPasswordById, type ApiPasswordWithUser } from '../account/api-passwords';
import { serverSecret } from '../auth/known-device';
import type { DB } from '../db/database';

const SECRET_KEY = 'sync-token-secret';
const AUTH_TOKEN = /^(\d{1,15})\/([A-Za-z0-9_-]{43})$/;
/** Google's edit tokens had 57 characters; some clients expect that length. */
const EDIT_TOKEN_LENGTH = 57;

async function mac(db: DB, purpose: string, password: ApiPasswordRow): Promise<Buffer> {
  return createHmac('sha256', await serverSecret(db, SECRET_KEY))
    .update(`${purpose}:${password.id}:${password.password_hash}`)
    .digest();
}

/** `<password id>/<43 characters>`: no "=" (clients split ClientLogin's lines on it). */
export async function authTokenFor(db: DB, password: ApiPasswordRow): Promise<string> {
  return `${password.id}/${(await mac(db, 'greader-auth', password)).toString('base64url')}`;
}

export async function editTokenFor(db: DB, password: ApiPasswordRow): Promise<string> {
  return (await mac(db, 'greader-edit', password)).toString('hex').slice(0, EDIT_TOKEN_LENGTH);
}

const same = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The password (with its enabled owner) an Auth token stands for, or undefined. */
export async function checkAuthToken(
  db: DB,
  token: string,
): Promise<ApiPasswordWithUser | undefined> {
  const match = AUTH_TOKEN.exec(token);
  if (!match) return undefined;
  const found = await apiPasswordById(db, Number(match[1]));
  if (!found) return undefined;
  return same(token, await authTokenFor(db, found.password)) ? found : undefined;
}

export async function isEditToken(
  db: DB,
  password: ApiPasswordRow,
  token: string,
): Promise<boolean> {
  return same(token, await editTokenFor(db, password));
}
