// One interface for whoever answers: a configured model (OpenAI-compatible) or
// the local engine that works without one.
import type { Config } from '../config';
import { HttpError } from '../http/errors';
import type { Story } from './repository';

export interface SummarizeInput {
  title: string;
  /** The article's plain text (already capped). */
  text: string;
  /** The preview the card already shows beside the summary: not worth repeating. */
  shown?: string;
}

export interface AnswerInput {
  question: string;
  /** The stored stories that best match the question, best first. */
  stories: Story[];
  /** The asker is an admin: only an admin can act on a hint about the server's settings. */
  askerIsAdmin?: boolean;
}

export interface BriefInput {
  /** What the briefing is about: the query, or the morning/evening question. */
  query: string;
  stories: Story[];
}

export interface AiProvider {
  /** 'local', or the model's name: stored beside each summary. */
  readonly name: string;
  summarize(input: SummarizeInput, signal?: AbortSignal): Promise<string>;
  /** The answer in pieces, as they come. Stops when the signal aborts. */
  answer(input: AnswerInput, signal: AbortSignal): AsyncIterable<string>;
  /** A short overview of the stories (plain text); the briefing lists their links itself. */
  brief(input: BriefInput, signal?: AbortSignal): Promise<string>;
}

/** A provider failure worth telling the user, with the HTTP status the call answers. */
export class AiError extends HttpError {
  constructor(message: string, status: 502 | 503 | 504) {
    super(status, message);
  }
}

export type AiConfig = Config['ai'];
