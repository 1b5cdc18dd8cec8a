import { describe, expect, it } from 'vitest';
import { OneAtATime } from './one-at-a-time';

const tick = () => new Promise((resolve) => setImmediate(resolve));
const gaveUp = () => new Error('gave up');

describe('OneAtATime', () => {
  it('lets jobs in one at a time, in the order they asked', async () => {
    const gate = new OneAtATime();
    const [a, b, c] = [gate.pass(), gate.pass(), gate.pass()];
    const entered: string[] = [];
    void a.enter(gaveUp).then(() => entered.push('a'));
    void b.enter(gaveUp).then(() => entered.push('b'));
    void c.enter(gaveUp).then(() => entered.push('c'));
    await tick();
    expect(entered).toEqual(['a']);
    a.end();
    await tick();
    expect(entered).toEqual(['a', 'b']);
    b.end();
    await tick();
    expect(entered).toEqual(['a', 'b', 'c']);
  });

  it('keeps the turn for a job that enters again (a second large response of the same job)', async () => {
    const gate = new OneAtATime();
    const a = gate.pass();
    await a.enter(gaveUp);
    await a.enter(gaveUp); // would wait for itself forever if it queued again
    const b = gate.pass();
    let bIn = false;
    void b.enter(gaveUp).then(() => (bIn = true));
    await tick();
    expect(bIn).toBe(false);
    a.end();
    await tick();
    expect(bIn).toBe(true);
  });

  it('passes the turn on when a waiting job gave up, and tells that job', async () => {
    const gate = new OneAtATime();
    const [a, b, c] = [gate.pass(), gate.pass(), gate.pass()];
    await a.enter(gaveUp);
    const bEntering = b.enter(gaveUp);
    let cIn = false;
    void c.enter(gaveUp).then(() => (cIn = true));
    b.end(); // its deadline passed while it waited
    a.end();
    await expect(bEntering).rejects.toThrow('gave up');
    await tick();
    expect(cIn).toBe(true);
  });

  it('is free again once every job has ended', async () => {
    const gate = new OneAtATime();
    const a = gate.pass();
    await a.enter(gaveUp);
    a.end();
    a.end(); // ending twice gives up nothing more
    const b = gate.pass();
    const c = gate.pass();
    await b.enter(gaveUp);
    let cIn = false;
    void c.enter(gaveUp).then(() => (cIn = true));
    await tick();
    expect(cIn).toBe(false); // the double end() did not let a second job in
    b.end();
    await tick();
    expect(cIn).toBe(true);
  });
});
