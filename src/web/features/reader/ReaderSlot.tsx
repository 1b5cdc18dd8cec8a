import { lazy, Suspense, useSyncExternalStore } from 'react';
import { readerStory } from './reader-store';

const StoryReader = lazy(() => import('./StoryReader').then((m) => ({ default: m.StoryReader })));

/** Where the in-app reader opens; nothing, and its code not loaded, until a story is opened with `o`. */
export function ReaderSlot() {
  const id = useSyncExternalStore(readerStory.subscribe, readerStory.get);
  if (id === null) return null;
  return (
    <Suspense fallback={null}>
      <StoryReader id={id} />
    </Suspense>
  );
}
