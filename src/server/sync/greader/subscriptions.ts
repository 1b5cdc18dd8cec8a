// Subscriptions and labels: tag/list, subscription/list, subscription/quickadd,
// subscription/edit, rename-tag, disable-tag. Subscriptions are the user's
// sources, managed through the Sources tab's own rules (sources/): a personal
// source can be added, renamed and removed; a default one is listed and can be
// put in a folder, but not renamed or removed (the Sources tab switches it off).
import { HttpError, badRequest, notFound } from '../../http/errors';
import { publicOrigin } from '../../http/host-guard';
import { fetchSourceNow } from '../../ingest/fetch-now';
import { extractTitle } from '../../ingest/fetchers/extract-title';
import { sharedHttp } from '../../net/guarded-http';
import { deleteFolderFor, renameFolderFor, setSourceFolder } from '../../sources/folders';
import { createSource, deleteSource, loadOwnSource, updateSource } from '../../sources/service';
import { inferSourceType } from '../../sources/url-rules';
import { BUILT_IN_LABELS, labelNames, syncView, type SyncView } from '../labels';
import { iconPath, subscriptionIcons } from '../site-icons';
import { requireJson, type Call } from './call';
import { checkEditToken } from './edits';
import { STARRED, feedId, labelId, parseStream } from './ids';
import { subscriptionBody } from './present';
import { conditionalJson, json, ok } from './reply';
import { FEED_NOT_FOUND } from './streams';

export const BUILT_IN_LABEL = 'Built-in labels (Launches, AI Briefings) cannot be changed';

export async function tagList(call: Call) {
  requireJson(call);
  const view = await syncView(call.ctx.db, call.caller.user.id);
  return conditionalJson(call.request, call.reply, {
    tags: [
      { id: STARRED },
      ...labelNames(view).map((label) => ({ id: labelId(label), label, type: 'folder' })),
    ],
  });
}

export async function subscriptionList(call: Call) {
  requireJson(call);
  const view = await syncView(call.ctx.db, call.caller.user.id);
  const { iconOf } = await subscriptionIcons(call.ctx.db, view);
  const origin = publicOrigin(call.ctx.config, call.request);
  return conditionalJson(call.request, call.reply, {
    subscriptions: view.subscriptions.map((sub) => {
      const icon = iconOf.get(sub.id);
      return subscriptionBody(sub, icon ? origin + iconPath(icon) : '');
    }),
  });
}

/** A label's name from `user/-/label/<name>`, else a 400. */
function labelName(call: Call, raw: string, param: string): string {
  const stream = parseStream(raw, call.caller.user.id);
  if (stream?.kind !== 'label') throw badRequest(`${param} must be a label (user/-/label/…)`);
  return stream.name;
}

/** A personal source for the URL, named `title` or by the feed's own title. */
async function subscribe(call: Call, rawUrl: string, title?: string) {
  const { ctx } = call;
  const url = rawUrl.replace(/^feed\//, '').trim();
  if (!URL.canParse(url)) throw badRequest('Please enter a valid URL.');
  const name =
    title?.trim() ||
    (await extractTitle(sharedHttp(ctx.config.ingest), ctx.config.ingest, url)).title?.trim() ||
    new URL(url).hostname;
  const created = await createSource(ctx.db, ctx.config, call.caller.user.id, {
    name: name.slice(0, 200),
    url,
    sourceType: inferSourceType(url),
  });
  fetchSourceNow(ctx, created.id); // in the background, as the Sources tab does
  return created;
}

/** quickadd=<url>: {numResults, query, streamId, streamName}; a refusal says why. */
export async function quickAdd(call: Call) {
  await checkEditToken(call);
  const url = call.params.get('quickadd');
  if (!url) throw badRequest('Give the feed to add (quickadd)');
  try {
    const created = await subscribe(call, url);
    return json(call.reply, {
      numResults: 1,
      query: url,
      streamId: feedId(Number(created.id)),
      streamName: created.name,
    });
  } catch (err) {
    if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
    return call.reply
      .code(err.statusCode)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ numResults: 0, query: url, error: err.message }));
  }
}

/** The source a `feed/<id>` names, among those the user can see. */
function subscriptionOf(call: Call, view: SyncView, raw: string) {
  const stream = parseStream(raw, call.caller.user.id);
  if (stream?.kind !== 'feed') throw badRequest(`Not a feed: ${raw.slice(0, 80)}`);
  const sub =
    stream.feedId !== null
      ? view.visible.get(stream.feedId)
      : [...view.visible.values()].find((s) => s.source.url === stream.url);
  if (!sub) throw notFound(FEED_NOT_FOUND);
  return sub;
}

/** ac=subscribe | unsubscribe | edit on one or more feeds (s), with a title (t) and labels (a, r). */
export async function editSubscription(call: Call) {
  await checkEditToken(call);
  const { db, config } = call.ctx;
  const userId = call.caller.user.id;
  const action = call.params.get('ac');
  const streams = call.params.all('s');
  const titles = call.params.all('t');
  if (streams.length === 0) throw badRequest('Give the feed (s)');
  const add = call.params.get('a');
  const remove = call.params.get('r');
  const addLabel = add ? labelName(call, add, 'a') : null;
  const removeLabel = remove ? labelName(call, remove, 'r') : null;

  if (action === 'subscribe') {
    for (const [i, stream] of streams.entries()) {
      const created = await subscribe(call, stream, titles[i]);
      if (addLabel) await setSourceFolder(db, userId, created.id, addLabel);
    }
    return ok(call.reply);
  }
  if (action !== 'unsubscribe' && action !== 'edit')
    throw badRequest('ac must be subscribe, unsubscribe or edit');
  const view = await syncView(db, userId);
  const subs = streams.map((s) => subscriptionOf(call, view, s));
  for (const [i, sub] of subs.entries()) {
    if (action === 'unsubscribe') {
      // Default sources cannot be removed: 403 with the Sources tab's own message.
      const own = await loadOwnSource(db, userId, String(sub.id));
      await deleteSource(db, own.id);
      continue;
    }
    const title = titles[i]?.trim();
    if (title)
      await updateSource(db, config, await loadOwnSource(db, userId, String(sub.id)), {
        name: title,
      });
    if (addLabel !== null) await setSourceFolder(db, userId, String(sub.id), addLabel);
    else if (removeLabel !== null && sub.folder?.name === removeLabel)
      await setSourceFolder(db, userId, String(sub.id), null);
  }
  return ok(call.reply);
}

export async function renameTag(call: Call) {
  await checkEditToken(call);
  const from = labelName(call, call.params.get('s') ?? '', 's');
  const to = labelName(call, call.params.get('dest') ?? '', 'dest');
  const view = await syncView(call.ctx.db, call.caller.user.id);
  const isFolder = view.folders.some((f) => f.name === from);
  if (!isFolder && BUILT_IN_LABELS.includes(from)) throw badRequest(BUILT_IN_LABEL);
  await renameFolderFor(call.ctx.db, call.caller.user.id, from, to);
  return ok(call.reply);
}

export async function disableTag(call: Call) {
  await checkEditToken(call);
  const names = call.params.all('s').map((s) => labelName(call, s, 's'));
  if (names.length === 0) throw badRequest('Give the label (s)');
  const view = await syncView(call.ctx.db, call.caller.user.id);
  for (const name of names) {
    const isFolder = view.folders.some((f) => f.name === name);
    if (!isFolder && BUILT_IN_LABELS.includes(name)) throw badRequest(BUILT_IN_LABEL);
    await deleteFolderFor(call.ctx.db, call.caller.user.id, name);
  }
  return ok(call.reply);
}
