// The worker thread's entry (piscina): the CPU-heavy text work of summaries —
// reading an article page (linkedom + Readability) and ranking its sentences
// (wink-nlp + TextRank) — so a 5,000-word article never delays other requests.
import { extractArticleText } from './article-text';
import { extractiveSummary, type SummaryOptions } from './textrank';

export type TextTask =
  { kind: 'summary'; text: string; options: SummaryOptions } | { kind: 'article'; html: string };

export default function runTextTask(task: TextTask): string | null {
  return task.kind === 'summary'
    ? extractiveSummary(task.text, task.options)
    : extractArticleText(task.html);
}
