import { describe, expect, it } from 'vitest';
import { feedPath, feedRoute, isFeedSorting, type FeedScope, type FeedSorting } from './feed.ts';

describe('feedRoute', () => {
  it.each([
    ['/', { scope: 'main', sorting: null }],
    ['/popular', { scope: 'main', sorting: 'hotness', isPopular: true }],
    ['/all', { scope: 'all', sorting: 'hotness' }],
    ['/new', { scope: 'main', sorting: 'date', isRecent: true }],
    ['/all/new', { scope: 'all', sorting: 'date' }],
    ['/my/new', { scope: 'my', sorting: 'date' }],
    ['/top/day', { scope: 'main', sorting: 'day' }],
    ['/top/year', { scope: 'main', sorting: 'year' }],
    ['/top/all', { scope: 'main', sorting: 'all' }],
    ['/all/top/week', { scope: 'all', sorting: 'week' }],
    ['/all/top/all', { scope: 'all', sorting: 'all' }],
    ['/new/', { scope: 'main', sorting: 'date' }],
  ])('%s', (path, expected) => {
    expect(feedRoute(path)).toMatchObject(expected);
  });

  it.each([
    '/all/top/year',
    '/top/hotness',
    '/top/date',
    '/top/',
    '/top',
    '/my',
    '/my/top/day',
    '/s/x',
    '/u/1',
    '/new/x',
  ])('%s is not a feed', (path) => {
    expect(feedRoute(path)).toBeNull();
  });
});

describe('feedPath', () => {
  it.each<[FeedScope, FeedSorting, string]>([
    ['main', 'hotness', '/'],
    ['main', 'date', '/new'],
    ['main', 'week', '/top/week'],
    ['main', 'all', '/top/all'],
    ['all', 'hotness', '/all'],
    ['all', 'date', '/all/new'],
    ['all', 'month', '/all/top/month'],
    // /all/top has no year: the nearest is all time.
    ['all', 'year', '/all/top/all'],
    ['my', 'hotness', '/my/new'],
  ])('%s %s → %s', (scope, sorting, path) => {
    expect(feedPath(scope, sorting)).toBe(path);
    if (scope !== 'my') expect(feedRoute(path)).not.toBeNull();
  });
});

it('isFeedSorting knows the seven sortings only', () => {
  expect(['hotness', 'date', 'day', 'week', 'month', 'year', 'all'].every(isFeedSorting)).toBe(true);
  expect([undefined, null, '', 'popular', 'HOTNESS', 1].some(isFeedSorting)).toBe(false);
});
