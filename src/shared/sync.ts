// Reader apps (issue 26): API passwords and source folders, the request bodies
// (zod) and answers shared by the server and the web app.
import { z } from 'zod';
import { hasUnsafeNameChars } from './schemas';

/** Most API passwords one user may hold. */
export const API_PASSWORDS_MAX = 20;
export const API_PASSWORD_NAME_MAX = 50;
export const API_PASSWORD_NOT_FOUND = 'API password not found';
export const TOO_MANY_API_PASSWORDS = `You can have at most ${API_PASSWORDS_MAX} API passwords`;

/** Where reader apps are pointed, under the address users reach AstroDash at. */
export const GREADER_PATH = '/api/greader/';
export const FEVER_PATH = '/api/fever/';

export const FOLDER_NAME_MAX = 64;
export const FOLDER_NAME_MESSAGE = `Folder names are at most ${FOLDER_NAME_MAX} characters, without control characters or text-direction overrides.`;

export const apiPasswordNameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(API_PASSWORD_NAME_MAX, `Name must be at most ${API_PASSWORD_NAME_MAX} characters`)
  .refine((v) => !hasUnsafeNameChars(v), 'Name cannot contain control characters');

export const createApiPasswordSchema = z.object({ name: apiPasswordNameSchema });

export const deleteApiPasswordSchema = z.object({
  id: z
    .union([z.string(), z.number()], { error: 'Invalid API password ID' })
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(/^[1-9]\d{0,15}$/, 'Invalid API password ID'))
    .transform(Number),
});

/** A folder name, or '' / null to take the source out of its folder. */
export const folderNameSchema = z
  .string({ error: FOLDER_NAME_MESSAGE })
  .trim()
  .max(FOLDER_NAME_MAX, FOLDER_NAME_MESSAGE)
  .refine((v) => !hasUnsafeNameChars(v), FOLDER_NAME_MESSAGE);

export const sourceFolderSchema = z.object({
  sourceId: z
    .union([z.string(), z.number()], { error: 'Source ID is required.' })
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, 'Source ID is required.')),
  folder: folderNameSchema.nullable().transform((v) => (v ? v : null)),
});

export interface ApiPassword {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}
export interface ApiPasswordsResponse {
  passwords: ApiPassword[];
}
/** The answer to a create: the password is shown this once (only hashes of it are stored). */
export interface CreatedApiPassword {
  id: number;
  name: string;
  password: string;
}
export interface SourceFolderResponse {
  sourceId: string;
  folder: string | null;
}
