// What ingestion derives from the items it stores, in order (ingest/after-store.ts).
// A module that derives data at ingestion (launch links, topics, story clusters)
// adds its step here; the ingestion thread and inline ingestion both run this list.
import type { AfterStoreStep } from './ingest/after-store';
import { launchLinkStep } from './launches/link-step';

export const afterStoreSteps: readonly AfterStoreStep[] = [launchLinkStep];
