import { describe, expect, it } from 'vitest';
import { parseBrowseParams, toApiQuery, toFacetQuery, toSearchParams } from './browse-params';

const parse = (qs: string) => parseBrowseParams(new URLSearchParams(qs));

describe('browse params: search and the new filters', () => {
  it('a search is ranked by relevance unless another sort is chosen; relevance needs a search', () => {
    expect(parse('q=black').sort).toBe('relevance');
    expect(parse('q=black&sort=newest').sort).toBe('newest');
    expect(parse('sort=relevance').sort).toBe('popular');
    expect(toSearchParams(parse('q=black')).toString()).toBe('q=black');
    expect(toSearchParams(parse('q=black&sort=popular')).toString()).toBe('q=black&sort=popular');
  });

  it('reads colour, occasion and prices in cents; drops what the API would refuse; swaps a reversed range', () => {
    expect(parse('colour=black&occasion=party&minPrice=999&maxPrice=2999')).toMatchObject({
      colour: 'black',
      occasion: 'party',
      minPrice: 999,
      maxPrice: 2999,
    });
    expect(parse('colour=Black!&occasion=funeral&minPrice=9.5&maxPrice=-1')).toMatchObject({
      colour: undefined,
      occasion: undefined,
      minPrice: undefined,
      maxPrice: undefined,
    });
    expect(parse('minPrice=3000&maxPrice=1000')).toMatchObject({ minPrice: 1000, maxPrice: 3000 });
    const round = toSearchParams(parse('colour=black&occasion=party&minPrice=999&maxPrice=2999&size=M'));
    expect(parse(round.toString())).toEqual(parse('colour=black&occasion=party&minPrice=999&maxPrice=2999&size=M'));
  });

  it('asks the facet counts with every filter of the list but the sort', () => {
    const state = parse(
      'q=black&category=Dresses&size=M&colour=black&occasion=party&minPrice=100&from=2030-01-01&to=2030-01-08',
    );
    const facets = toFacetQuery(state);
    const { sort: _sort, ...list } = toApiQuery(state);
    expect(facets).toEqual({ ...list, discovery: undefined });
    expect(facets).not.toHaveProperty('sort');
    expect(toFacetQuery(parse('tab=discovery')).discovery).toBe('true');
  });
});
