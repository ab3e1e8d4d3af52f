import { describe, expect, it } from 'vitest';
import { RenderGate } from './render-gate.ts';

describe('RenderGate', () => {
  it('lets `limit` holders in at once, the others in arrival order as places are given back', async () => {
    const gate = new RenderGate(2);
    const order: string[] = [];
    const a = (await gate.enter())!;
    const b = (await gate.enter())!;
    const waiting = ['c', 'd'].map((name) => gate.enter().then((leave) => (order.push(name), leave!)));
    await Promise.resolve();
    expect(order).toEqual([]);
    a();
    // Giving a place back twice frees one place only.
    a();
    const c = await waiting[0];
    await Promise.resolve();
    expect(order).toEqual(['c']);
    b();
    const d = await waiting[1];
    expect(order).toEqual(['c', 'd']);
    c();
    d();
    // Both places are free again.
    expect(await gate.enter()).not.toBeNull();
    expect(await gate.enter()).not.toBeNull();
  });

  it('drops a waiter whose client left, so the place goes to the next one and none is lost', async () => {
    const gate = new RenderGate(1);
    const held = (await gate.enter())!;
    const gone = new AbortController();
    const left = gate.enter(gone.signal);
    const next = gate.enter();
    expect(gate.waiting).toBe(2);
    gone.abort();
    expect(await left).toBeNull();
    expect(gate.waiting).toBe(1);
    held();
    const leave = (await next)!;
    leave();
    // An already gone client never waits.
    expect(await gate.enter(AbortSignal.abort())).toBeNull();
    expect(await gate.enter()).not.toBeNull();
  });

  it('refuses a waiter after its wait and when the queue is full', async () => {
    const gate = new RenderGate(1, { waitMs: 20, queue: 1 });
    const held = (await gate.enter())!;
    const waiting = gate.enter();
    expect(await gate.enter()).toBeNull();
    expect(await waiting).toBeNull();
    expect(gate.waiting).toBe(0);
    held();
    expect(await gate.enter()).not.toBeNull();
  });
});
