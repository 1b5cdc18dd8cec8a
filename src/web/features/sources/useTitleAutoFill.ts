// Automatic feed-title extraction for rss sources (spec §4 "Source add form"):
// 500 ms after the URL changes, or at once when the URL field is left, unless the
// name was typed by hand. Late answers for an older URL are ignored.
import { useCallback, useEffect, useRef, useState } from 'react';
import { TITLE_EXTRACTION_DELAY_MS } from '../../../shared/constants';
import { extractFeedTitle } from './mutations';

export interface TitleAutoFill {
  extracting: boolean;
  autoFilled: boolean;
  /** Call from the URL field's onBlur. */
  extractNow: () => void;
  /** The name was typed by hand: auto-fill stays off until reset. */
  markNameEdited: () => void;
  /** Back to the initial state (type changed, form reset). */
  reset: () => void;
}

export function useTitleAutoFill(opts: {
  enabled: boolean;
  url: string;
  onTitle: (title: string) => void;
}): TitleAutoFill {
  const { enabled, url, onTitle } = opts;
  const [extracting, setExtracting] = useState(false);
  const [autoFilled, setAutoFilled] = useState(false);
  const [nameEdited, setNameEdited] = useState(false);
  const requestSeq = useRef(0);
  const lastUrl = useRef<string | null>(null);
  const onTitleRef = useRef(onTitle);
  onTitleRef.current = onTitle;

  const active = enabled && !nameEdited;

  const run = useCallback(async (target: string) => {
    const trimmed = target.trim();
    if (!trimmed || trimmed === lastUrl.current) return;
    lastUrl.current = trimmed;
    const seq = ++requestSeq.current;
    setExtracting(true);
    try {
      const title = await extractFeedTitle(trimmed);
      if (seq !== requestSeq.current) return;
      if (title) {
        onTitleRef.current(title);
        setAutoFilled(true);
      }
    } catch (e) {
      console.warn('Feed title extraction failed', e);
    } finally {
      if (seq === requestSeq.current) setExtracting(false);
    }
  }, []);

  useEffect(() => {
    if (!active || !url.trim()) return;
    const timer = setTimeout(() => void run(url), TITLE_EXTRACTION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [active, url, run]);

  const cancelPending = () => {
    requestSeq.current++;
    setExtracting(false);
  };

  return {
    extracting: active && extracting,
    autoFilled: active && autoFilled,
    extractNow: () => {
      if (active) void run(url);
    },
    markNameEdited: () => {
      cancelPending();
      setNameEdited(true);
      setAutoFilled(false);
    },
    reset: () => {
      cancelPending();
      lastUrl.current = null;
      setNameEdited(false);
      setAutoFilled(false);
    },
  };
}
