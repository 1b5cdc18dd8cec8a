// Turns a users row into the API's User shape. Hashes and timestamps stay inside.
import type { User } from '../../shared/types';
import type { UserRow } from '../db/tables';
import { MARK_READ_POLICIES, type MarkReadPolicy } from '../../shared/reading';

const asPolicy = (p: string): MarkReadPolicy =>
  MARK_READ_POLICIES.find((known) => known === p) ?? 'opened';

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    displayName: row.display_name,
    avatarUrl: row.avatar_url,
    role: row.role,
    zipCode: row.zip_code,
    noAds: row.no_ads === 1,
    isDisabled: row.is_disabled === 1,
    markReadPolicy: asPolicy(row.mark_read_policy),
    keyboardShortcuts: row.keyboard_shortcuts !== 0,
  };
}
