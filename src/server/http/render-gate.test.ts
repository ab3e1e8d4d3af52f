import { describe, expect, it } from 'vitest';
import { RenderGate } from './render-gate.ts';

describe('RenderGate', () => {
  it('lets `limit` holders in at once, the others in arrival order as places are given back', async () => {
    const gate = new RenderGate(2);
    const order: string[] = [];
    const a = await gate.enter();
    const b = await gate.enter();
    const waiting = ['c', 'd'].map((name) => gate.enter().then((leave) => (order.push(name), leave)));
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
    await gate.enter();
    await gate.enter();
  });
});
