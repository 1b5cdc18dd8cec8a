// The AI Assistant tab: "Cosmic Chat". Sending adds the question and an empty
// assistant message that the answer streams into; on failure an empty assistant
// message is removed and 'Failed to get response: {reason}' appears once, above
// the input, which gets the question back, with Retry beside it. Stop ends a long
// answer and keeps what arrived.
import { Bot, RotateCcw, Send, Sparkles, Square, User } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { AI_QUESTION_MAX } from '../../../shared/constants';
import { chatSchema } from '../../../shared/schemas';
import { Markdown } from '../../components/Markdown';
import { Button } from '../../components/ui/button';
import { Textarea } from '../../components/ui/input';
import { cn } from '../../lib/utils';
import { askQuestion } from './chat-client';

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
}

export const EXAMPLE_PROMPTS = [
  "What's the latest news on the Artemis program?",
  "What's the difference between a neutron star and a black hole?",
  'What are the recent discoveries of the James Webb Space Telescope?',
] as const;

const newId = () => crypto.randomUUID();

/** Below Tailwind's `sm`: the chat grows with the page and the composer stays at the screen's foot. */
const PHONE = '(max-width: 639.98px)';

function Welcome({ onAsk }: { onAsk: (q: string) => void }) {
  return (
    <div className="flex flex-col items-center gap-4 px-2 py-8 text-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Sparkles className="h-6 w-6" aria-hidden="true" />
      </span>
      <div>
        <h2 className="text-xl font-semibold">Cosmic Chat</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Ask me anything about astronomy and space exploration.
        </p>
      </div>
      <ul className="flex w-full max-w-xl flex-col gap-2">
        {EXAMPLE_PROMPTS.map((prompt) => (
          <li key={prompt}>
            <button
              type="button"
              onClick={() => onAsk(prompt)}
              className="w-full rounded-lg border border-border bg-card px-4 py-2.5 text-left text-sm hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {prompt}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Message({ message, streaming }: { message: ChatMessage; streaming: boolean }) {
  const mine = message.role === 'user';
  return (
    <li
      className={cn('flex gap-2.5', mine && 'flex-row-reverse')}
      data-testid={`chat-message-${message.role}`}
    >
      <span
        className={cn(
          'mt-0.5 flex h-7 w-7 shrink-0 items-center justify-center rounded-full',
          mine ? 'bg-primary text-primary-foreground' : 'bg-muted text-foreground',
        )}
        aria-hidden="true"
      >
        {mine ? <User className="h-4 w-4" /> : <Bot className="h-4 w-4" />}
      </span>
      <div
        className={cn(
          'min-w-0 max-w-[85%] rounded-lg px-3 py-2 text-sm break-words',
          mine ? 'bg-primary text-primary-foreground' : 'border border-border bg-card',
        )}
      >
        <span className="sr-only">{mine ? 'You said:' : 'Assistant:'}</span>
        {mine ? (
          <p className="whitespace-pre-wrap">{message.content}</p>
        ) : message.content ? (
          <Markdown
            answer
            className="chat-markdown [&_a]:text-primary [&_a]:underline [&_li]:my-0.5 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:my-1.5 [&_ul]:list-disc [&_ul]:pl-5"
          >
            {message.content}
          </Markdown>
        ) : (
          <span className="inline-flex gap-1 py-1" aria-label="Thinking">
            {[0, 1, 2].map((i) => (
              <span
                key={i}
                className="h-1.5 w-1.5 animate-bounce rounded-full bg-muted-foreground"
                style={{ animationDelay: `${i * 120}ms` }}
              />
            ))}
          </span>
        )}
        {streaming && message.content && (
          <span className="sr-only" aria-live="off">
            (answer still arriving)
          </span>
        )}
      </div>
    </li>
  );
}

export function ChatPanel() {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [input, setInput] = useState('');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The question whose answer failed, and its message: Retry asks it again under it. */
  const [failed, setFailed] = useState<{ question: string; userId: string } | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const streamingId = useRef<string | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);
  // Follow the answer as it grows (on a phone the page scrolls, not the list).
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    list.scrollTop = list.scrollHeight;
    if (messages.length > 0 && window.matchMedia(PHONE).matches)
      list.lastElementChild?.scrollIntoView({ block: 'end' });
  }, [messages]);
  useEffect(() => {
    if (!loading) inputRef.current?.focus({ preventScroll: true });
  }, [loading]);

  /** Asks a question; `retry` asks a failed one again, under its own message. */
  async function ask(raw: string, retry?: { userId: string }) {
    if (loading || raw.trim() === '') return; // blank input is ignored
    const parsed = chatSchema.safeParse({ question: raw });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Invalid question');
      return;
    }
    const question = parsed.data.question;
    const assistantId = newId();
    const userId = retry?.userId ?? newId();
    streamingId.current = assistantId;
    setError(null);
    setFailed(null);
    // A retry leaves an edited question in the input alone.
    setInput((current) => (!retry || current.trim() === question ? '' : current));
    setLoading(true);
    setMessages((m) => [
      ...m,
      ...(retry ? [] : [{ id: userId, role: 'user' as const, content: question }]),
      { id: assistantId, role: 'assistant', content: '' },
    ]);
    const abort = new AbortController();
    abortRef.current = abort;
    const dropIfEmpty = () =>
      setMessages((m) => m.filter((msg) => msg.id !== assistantId || msg.content !== ''));
    try {
      await askQuestion(
        question,
        (piece) =>
          setMessages((m) =>
            m.map((msg) =>
              msg.id === assistantId ? { ...msg, content: msg.content + piece } : msg,
            ),
          ),
        abort.signal,
      );
      dropIfEmpty();
    } catch (err) {
      dropIfEmpty();
      if (!abort.signal.aborted) {
        const reason = err instanceof Error ? err.message : String(err);
        // Said once, here (no toast over the input), and the question is not lost.
        setError(`Failed to get response: ${reason}`);
        setFailed({ question, userId });
        setInput((current) => (current.trim() === '' ? question : current));
      }
    } finally {
      streamingId.current = null;
      abortRef.current = null;
      setLoading(false);
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    void ask(input);
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void ask(input);
    }
  }

  return (
    <section
      aria-label="AI Assistant"
      className="flex flex-col rounded-lg border border-border bg-card/50 sm:h-[min(70vh,44rem)] sm:min-h-[26rem] sm:overflow-hidden"
    >
      <ol
        ref={listRef}
        className="flex flex-1 flex-col gap-4 p-3 sm:overflow-y-auto sm:p-4 [&>li]:scroll-mb-36"
        aria-live="polite"
        aria-busy={loading}
      >
        {messages.length === 0 ? (
          <li>
            <Welcome onAsk={(q) => void ask(q)} />
          </li>
        ) : (
          messages.map((m) => (
            <Message key={m.id} message={m} streaming={loading && m.id === streamingId.current} />
          ))
        )}
      </ol>
      {error && (
        <div className="flex items-center gap-3 border-t border-border px-4 py-2">
          <p role="alert" className="min-w-0 flex-1 text-sm break-words text-destructive">
            {error}
          </p>
          {failed && !loading && (
            <Button
              type="button"
              size="sm"
              variant="outline"
              className="shrink-0"
              onClick={() => void ask(failed.question, failed)}
            >
              <RotateCcw aria-hidden="true" />
              Retry
            </Button>
          )}
        </div>
      )}
      <form
        onSubmit={onSubmit}
        className="flex flex-col gap-1.5 rounded-b-lg border-t border-border bg-card p-3 max-sm:sticky max-sm:bottom-0 max-sm:z-10 max-sm:shadow-[0_-4px_12px_-6px_rgb(0_0_0/0.25)]"
      >
        <div className="flex items-end gap-2">
          <label htmlFor="chat-input" className="sr-only">
            Your question
          </label>
          <Textarea
            id="chat-input"
            ref={inputRef}
            rows={1}
            value={input}
            maxLength={AI_QUESTION_MAX}
            disabled={loading}
            placeholder="Ask a question about space..."
            onChange={(e) => setInput(e.target.value)}
            onKeyDown={onKeyDown}
            className="max-h-40 min-h-10! resize-none"
          />
          {loading ? (
            <Button
              type="button"
              variant="outline"
              onClick={() => abortRef.current?.abort()}
              aria-label="Stop answering"
            >
              <Square aria-hidden="true" />
              <span className="hidden sm:inline">Stop</span>
            </Button>
          ) : (
            <Button type="submit" size="icon" aria-label="Send message" disabled={!input.trim()}>
              <Send aria-hidden="true" />
            </Button>
          )}
        </div>
        <p className="text-xs text-muted-foreground">Press Enter to send.</p>
      </form>
    </section>
  );
}
