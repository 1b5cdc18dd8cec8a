// Documents read for the main thread on an ingest worker thread: the title
// look-up's page or feed and the Launch Library schedule. One task, one answer;
// the work is bounded by the size caps (http.ts, json-document.ts), so it needs
// no deadline of its own. Pure: with INGEST_WORKERS=0 it runs inline.
import { parseLaunchRecords, type LaunchRecord } from '../launches/records';
import { finishResponse, type RawHttpResponse } from '../net/guarded-http';
import { readJsonDocument } from './parse/json-document';
import { titleFromText } from './parse/title-text';
import { SourceFetchError } from './types';

export type DocumentTask =
  /** A title look-up's response as it came off the wire (decompressed and decoded on the worker). */
  | { kind: 'title'; raw: RawHttpResponse; maxBytes: number }
  /** Launch Library's upcoming-launches JSON. */
  | { kind: 'launches'; text: string };

export interface DocumentAnswers {
  title: string | null;
  launches: LaunchRecord[];
}

/** A document's answer, or the message of the SourceFetchError it raised (errors cross threads as data). */
export type DocumentOutcome<K extends DocumentTask['kind'] = DocumentTask['kind']> =
  { ok: true; value: DocumentAnswers[K] } | { ok: false; message: string };

function read(task: DocumentTask): DocumentAnswers[DocumentTask['kind']] {
  switch (task.kind) {
    case 'title':
      return titleFromText(finishResponse(task.raw, task.maxBytes).text);
    case 'launches':
      return parseLaunchRecords(readJsonDocument(task.text, 'the launch schedule'));
  }
}

export function readDocument(task: DocumentTask): DocumentOutcome {
  try {
    return { ok: true, value: read(task) };
  } catch (err) {
    if (err instanceof SourceFetchError) return { ok: false, message: err.message };
    throw err;
  }
}
