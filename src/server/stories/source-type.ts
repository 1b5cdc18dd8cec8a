import { SOURCE_TYPES, type SourceType } from '../../shared/constants';

/** A stored source type AstroDash knows (rows hold plain text). */
export const isSourceType = (value: string): value is SourceType =>
  (SOURCE_TYPES as readonly string[]).includes(value);
