import type { ColumnDefinitionBuilder } from 'kysely';

/** Auto-incrementing integer primary key on both dialects. */
export const idColumn = (pg: boolean) => (c: ColumnDefinitionBuilder) =>
  pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

export const blobType = (pg: boolean) => (pg ? 'bytea' : 'blob') as 'blob';
