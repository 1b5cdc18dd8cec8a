import { describe, expect, it } from 'vitest';
import { HttpError } from './errors';
import { parseId } from './parse-id';

describe('parseId', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['2147483647', 2_147_483_647],
    ['0042', 42],
  ])('reads %s as %d', (raw, id) => expect(parseId(raw, 'Nope.')).toBe(id));

  it.each(['0', '-1', '1.5', '1e3', ' 1', '', 'abc', '2147483648', '99999999999', '0x10'])(
    'answers %j with a 404 and the given message',
    (raw) => {
      let error: unknown;
      try {
        parseId(raw, 'Thing not found.');
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ statusCode: 404, message: 'Thing not found.' });
    },
  );
});
