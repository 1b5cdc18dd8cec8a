/** The hover title of an N/A state: the error's message, else the spec's fallback. */
export const errorTitle = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Unknown error';
