import { describe, expect, it } from 'vitest';
import { bigButton, parseCollapse, smallButton } from './collapse.ts';

describe('live collapse (spec/content.md §4)', () => {
  it('small button: auto → shown → auto, collapsed → shown', () => {
    expect(smallButton('auto')).toBe('shown');
    expect(smallButton('shown')).toBe('auto');
    expect(smallButton('collapsed')).toBe('shown');
  });
  it('big button: auto → collapsed, shown → collapsed, collapsed → auto', () => {
    expect(bigButton('auto')).toBe('collapsed');
    expect(bigButton('shown')).toBe('collapsed');
    expect(bigButton('collapsed')).toBe('auto');
  });
  it('reads the cookie, anything unknown is auto', () => {
    expect(parseCollapse('shown')).toBe('shown');
    expect(parseCollapse('collapsed')).toBe('collapsed');
    expect(parseCollapse(null)).toBe('auto');
    expect(parseCollapse('<x>')).toBe('auto');
  });
});
