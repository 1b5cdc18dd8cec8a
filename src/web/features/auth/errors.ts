// Turning server failures into the words the spec shows (spec §8).

/** Login: the server message or 'Login failed'; 'Login failed. Please try again.' for non-errors. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || 'Login failed';
  return 'Login failed. Please try again.';
}

/** Registration: the spec's mapping, in the spec's order. */
export function registrationErrorMessage(error: unknown): string {
  if (!(error instanceof Error)) return 'Registration failed. Please try again.';
  const message = error.message;
  if (!message) return 'Registration failed';
  if (message.includes('Email already in use'))
    return 'This email is already registered. Please try logging in instead.';
  if (/display name/i.test(message)) return "Please provide a valid display name that isn't empty.";
  if (/display|name/i.test(message)) return `Please check your display name: ${message}`;
  return message || 'Registration failed. Please try again.';
}
