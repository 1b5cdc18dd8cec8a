// What ingestion derives from the items it stores, in order (ingest/after-store.ts).
// A module that derives data at ingestion (launch links, topics, story clusters)
// adds its step here; the ingestion thread and inline ingestion both run this list.
import type { AfterStoreStep } from './ingest/after-store';
import { launchLinkStep } from './launches/link-step';
import { storyStep } from './stories/step';
import { topicTagging } from './topics/tagging';

// Story clustering comes last: it reads the launch links and topics the steps before it derive.
export const afterStoreSteps: readonly AfterStoreStep[] = [
  launchLinkStep,
  topicTagging,
  storyStep(),
];
