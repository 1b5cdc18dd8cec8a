import type { AdminUser } from '../../shared/admin';
import { toUser } from '../auth/presenter';
import type { UserRow } from '../db/tables';

export const toAdminUser = (row: UserRow): AdminUser => ({ ...toUser(row), userId: row.id });
