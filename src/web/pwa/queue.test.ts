// The offline queue of read/save calls: what is kept, in which order it is sent,
// and what happens when the server refuses a call or cannot be reached.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api';
import { enqueue, flushQueue, QUEUE_LIMIT, readQueue, sendOrQueue, type QueuedCall } from './queue';

class MemoryStore {
  private readonly data = new Map<string, string>();
  getItem = (key: string) => this.data.get(key) ?? null;
  setItem = (key: string, value: string) => void this.data.set(key, value);
}

const save = (itemId: string, saved = true): QueuedCall => ({
  path: '/_api/news/save',
  body: { itemId, saved },
});
const read = (...itemIds: string[]): QueuedCall => ({
  path: '/_api/news/mark-read',
  body: { itemIds, read: true },
});

describe('the offline queue', () => {
  let store: MemoryStore;
  let online: boolean;
  beforeEach(() => {
    store = new MemoryStore();
    online = true;
    vi.stubGlobal('navigator', {
      get onLine() {
        return online;
      },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends at once when online, and queues when offline', async () => {
    const sent: QueuedCall[] = [];
    const send = async (call: QueuedCall) => void sent.push(call);
    expect(await sendOrQueue(save('a'), send, store)).toBe('sent');
    online = false;
    expect(await sendOrQueue(read('b'), send, store)).toBe('queued');
    expect(sent).toEqual([save('a')]);
    expect(readQueue(store)).toEqual([read('b')]);
  });

  it('queues a call whose connection fails, but throws an answer from the server', async () => {
    const unreachable = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await sendOrQueue(save('a'), unreachable, store)).toBe('queued');
    const refused = () => Promise.reject(new ApiError('Not found', 404));
    await expect(sendOrQueue(save('b'), refused, store)).rejects.toThrow('Not found');
    expect(readQueue(store)).toEqual([save('a')]);
  });

  it('keeps only the last save of an item, and every mark-read in order', () => {
    enqueue(save('a'), store);
    enqueue(read('x'), store);
    enqueue(save('a', false), store);
    enqueue(read('y', 'z'), store);
    expect(readQueue(store)).toEqual([read('x'), save('a', false), read('y', 'z')]);
  });

  it('holds at most QUEUE_LIMIT calls, dropping the oldest', () => {
    for (let i = 0; i < QUEUE_LIMIT + 5; i++) enqueue(read(String(i)), store);
    const queue = readQueue(store);
    expect(queue).toHaveLength(QUEUE_LIMIT);
    expect(queue[0]).toEqual(read('5'));
  });

  it('replays in order when the connection returns, emptying the queue', async () => {
    enqueue(read('1'), store);
    enqueue(save('2'), store);
    const sent: QueuedCall[] = [];
    expect(await flushQueue(async (call) => void sent.push(call), store)).toBe(2);
    expect(sent).toEqual([read('1'), save('2')]);
    expect(readQueue(store)).toEqual([]);
  });

  it('stops at a lost connection or a server failure and keeps the rest for next time', async () => {
    enqueue(read('1'), store);
    enqueue(save('2'), store);
    let calls = 0;
    const failSecond = async () => {
      if (++calls === 2) throw new ApiError('Internal error', 500);
    };
    expect(await flushQueue(failSecond, store)).toBe(1);
    expect(readQueue(store)).toEqual([save('2')]);
    expect(await flushQueue(() => Promise.reject(new TypeError('offline')), store)).toBe(0);
    expect(readQueue(store)).toEqual([save('2')]);
  });

  it('drops a call the server refuses (an item gone) and goes on with the next', async () => {
    enqueue(save('gone'), store);
    enqueue(save('here'), store);
    const sent: string[] = [];
    const send = async (call: QueuedCall) => {
      if (call.path === '/_api/news/save' && call.body.itemId === 'gone') {
        throw new ApiError('Not found', 404);
      }
      sent.push(JSON.stringify(call.body));
    };
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await flushQueue(send, store)).toBe(1);
    expect(sent).toEqual([JSON.stringify({ itemId: 'here', saved: true })]);
    expect(readQueue(store)).toEqual([]);
  });

  it('keeps a call queued while the replay is under way behind it', async () => {
    enqueue(read('1'), store);
    const sent: QueuedCall[] = [];
    const send = async (call: QueuedCall) => {
      if (sent.length === 0) enqueue(save('late'), store);
      sent.push(call);
    };
    expect(await flushQueue(send, store)).toBe(2);
    expect(sent).toEqual([read('1'), save('late')]);
  });
});
