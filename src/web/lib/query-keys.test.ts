import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';

/**
 * The desk's, the sale's, the passports', lending's and managed lending's keys moved here from
 * literals (issue 32): the same arrays as before, so what is cached and what an invalidation
 * reaches does not change.
 */
describe('queryKeys', () => {
  it('keeps the keys the features spelled out before', () => {
    expect(queryKeys.ops.all).toEqual(['ops']);
    expect(queryKeys.ops.today).toEqual(['ops', 'today']);
    expect(queryKeys.ops.inventory('silk')).toEqual(['ops', 'inventory', 'silk']);
    expect(queryKeys.ops.item(7)).toEqual(['ops', 'items', 7]);
    expect(queryKeys.ops.audit({ actor: 'ana' })).toEqual(['ops', 'audit', { actor: 'ana' }]);
    expect(queryKeys.ops.managed).toEqual(['ops', 'managed']);
    expect(queryKeys.ops.parcels).toEqual(['ops', 'parcels']);
    expect(queryKeys.preloved.all).toEqual(['preloved']);
    expect(queryKeys.preloved.list).toEqual(['preloved', 'list']);
    expect(queryKeys.preloved.unit('RT-000042')).toEqual(['preloved', 'unit', 'RT-000042']);
    expect(queryKeys.preloved.sendoffs).toEqual(['preloved', 'sendoffs']);
    expect(queryKeys.passport.all).toEqual(['passport']);
    expect(queryKeys.passport.unit('RT-000042')).toEqual(['passport', 'unit', 'RT-000042']);
    expect(queryKeys.passport.item(7)).toEqual(['passport', 'item', 7]);
    expect(queryKeys.lending.all).toEqual(['lending']);
    expect(queryKeys.managed.all).toEqual(['managed']);
    expect(queryKeys.studios).toEqual(['studios']);
  });

  it('keeps every key of a root under it, so invalidating the root reaches them', () => {
    const under = (root: readonly unknown[], key: readonly unknown[]) =>
      root.every((part, i) => Object.is(part, key[i]));
    for (const key of [
      queryKeys.ops.today,
      queryKeys.ops.inventory(''),
      queryKeys.ops.item(1),
      queryKeys.ops.audit({}),
      queryKeys.ops.managed,
      queryKeys.ops.parcels,
    ])
      expect(under(queryKeys.ops.all, key)).toBe(true);
    for (const key of [queryKeys.preloved.list, queryKeys.preloved.unit('x'), queryKeys.preloved.sendoffs])
      expect(under(queryKeys.preloved.all, key)).toBe(true);
    for (const key of [queryKeys.passport.unit('x'), queryKeys.passport.item(1)])
      expect(under(queryKeys.passport.all, key)).toBe(true);
  });
});
