// The document workers' entry (piscina, off-thread.ts): reads one document the
// main thread fetched (a title look-up's page) off the thread serving requests.
import { readDocument } from './documents';

export default readDocument;
