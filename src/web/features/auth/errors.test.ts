import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { loginErrorMessage, registrationErrorMessage } from './errors';

describe('login error text', () => {
  it('shows the server message', () => {
    expect(loginErrorMessage(new ApiError('Invalid email or password', 401))).toBe(
      'Invalid email or password',
    );
  });
  it("falls back to 'Login failed' for an error without a message", () => {
    expect(loginErrorMessage(new Error(''))).toBe('Login failed');
  });
  it('uses the retry wording for a thrown non-error', () => {
    expect(loginErrorMessage('boom')).toBe('Login failed. Please try again.');
  });
});

describe('registration error text (spec §8)', () => {
  it.each([
    ['Email already in use', 'This email is already registered. Please try logging in instead.'],
    ['Invalid Display Name', "Please provide a valid display name that isn't empty."],
    ['Name is required', 'Please check your display name: Name is required'],
    ['Password must be at least 8 characters', 'Password must be at least 8 characters'],
  ])('%s → %s', (server, shown) => {
    expect(registrationErrorMessage(new ApiError(server, 400))).toBe(shown);
  });
  it('uses the fallbacks', () => {
    expect(registrationErrorMessage(new Error(''))).toBe('Registration failed');
    expect(registrationErrorMessage(42)).toBe('Registration failed. Please try again.');
  });
});
