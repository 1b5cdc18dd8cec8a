// The local engine: no model, no network. Summaries are extractive (TextRank
// over the article's sentences); answers and briefings are composed from the
// stored stories that match, with their links and dates. It never pretends to
// be a model: every answer says what it is made from.
import { format } from 'date-fns';
import { escapeMarkdown, markdownUrl } from './markdown';
import type { AiProvider, AnswerInput, BriefInput, SummarizeInput } from './provider';
import type { Story } from './repository';
import { capText } from './sentences';
import { summarizeText } from './text-pool';
import { extractiveSummary } from './textrank';

/** Text read for one story's two-sentence extract. */
const EXTRACT_INPUT_CHARS = 6_000;

/** For admins, who can set it. */
export const MODEL_HINT =
  '_These are stored stories, not a conversation: set `AI_MODEL` (with `AI_BASE_URL` and `AI_API_KEY`) for conversational answers._';
/** For everyone else: what the answer is, without server settings they cannot change. */
export const STORED_STORIES_NOTE =
  '_These are stored stories that match your question, not a written answer._';

export const nothingMatches = (question: string) =>
  `Nothing stored matches "${escapeMarkdown(capText(question, 120))}". Try other words, or refresh the feed to fetch the latest stories.`;

const dateOf = (ms: number) => format(new Date(ms), 'MMM d, yyyy');

export function storyExtract(story: Story): string {
  return extractiveSummary(capText(story.text, EXTRACT_INPUT_CHARS), {
    sentences: 2,
    maxChars: 400,
    keepLead: true,
  });
}

/**
 * One story as Markdown: linked title, source and date, then its two-sentence
 * extract. Everything from the feed is escaped: the story's own URL is the only link.
 */
export function storyMarkdown(story: Story): string {
  const meta = escapeMarkdown(
    [story.sourceName, dateOf(story.publishedAt)].filter(Boolean).join(', '),
  );
  const extract = escapeMarkdown(storyExtract(story));
  return `**[${escapeMarkdown(story.title)}](${markdownUrl(story.url)})** (${meta})${extract ? `\n\n${extract}` : ''}\n\n`;
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createLocalProvider(): AiProvider {
  return {
    name: 'local',

    async summarize({ text, shown }: SummarizeInput) {
      return summarizeText(text, { sentences: 3, maxChars: 700, shown });
    },

    async *answer({ question, stories, askerIsAdmin }: AnswerInput, signal: AbortSignal) {
      const note = askerIsAdmin ? MODEL_HINT : STORED_STORIES_NOTE;
      if (stories.length === 0) {
        yield `${nothingMatches(question)}\n\n${note}\n`;
        return;
      }
      yield stories.length === 1
        ? 'The stored story that best matches your question:\n\n'
        : `The ${stories.length} stored stories that best match your question:\n\n`;
      for (const story of stories) {
        if (signal.aborted) return;
        await yieldToEventLoop(); // each story is its own piece; other requests run between them
        yield storyMarkdown(story);
      }
      yield `${note}\n`;
    },

    async brief({ stories }: BriefInput) {
      if (stories.length === 0) return '';
      const sources = [...new Set(stories.map((s) => s.sourceName).filter(Boolean))];
      const from =
        sources.length === 0
          ? ''
          : ` from ${sources.length <= 3 ? sources.join(', ') : `${sources.slice(0, 3).join(', ')} and ${sources.length - 3} more`}`;
      return `${stories.length} ${stories.length === 1 ? 'story' : 'stories'}${from}.`;
    },
  };
}
