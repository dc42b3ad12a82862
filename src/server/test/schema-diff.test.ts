import { describe, expect, it } from 'vitest';
import { compareSchemas, readSchemaShapes } from './schema-diff';

// The comparator behind db/schema.api.test.ts, on small schemas: each rule can fail.

const HAND = `
import type { Generated } from 'kysely';
export interface UserTable { id: string; emailVerified: boolean | number; createdAt: Date | string; }
export interface ItemsTable {
  id: Generated<number>;
  name: string;
  colour: string;
  owner_id: string | null;
  rating: number;
}
export interface ProfilesTable { id: string; full_name: string; }
export interface DB { user: UserTable; items: ItemsTable; profiles: ProfilesTable; }
`;

/** As kysely-codegen writes a SQLite database (aliases, Generated<>, nullable keys, more better-auth columns). */
const GENERATED = `
import type { ColumnType } from "kysely";
export type Generated<T> = T extends ColumnType<infer S, infer I, infer U> ? ColumnType<S, I | undefined, U> : ColumnType<T, T | undefined, T>;
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export interface Items {
  colour: Generated<string>;
  id: Generated<number | null>;
  name: string;
  owner_id: string | null;
  rating: Generated<number>;
}
export interface Profiles { full_name: string; id: string | null; }
export interface Session { id: string; token: string; }
export interface User { createdAt: Generated<Timestamp>; emailVerified: boolean; id: string; image: string | null; }
export interface DB { items: Items; profiles: Profiles; session: Session; user: User; }
`;

const opts = { ownedElsewhere: new Set(['user', 'session']), primaryKeys: new Set(['items.id', 'profiles.id']) };
const compare = (hand: string, generated = GENERATED) =>
  compareSchemas(readSchemaShapes(hand), readSchemaShapes(generated), opts);

describe('schema comparison', () => {
  it('reads column shapes through Generated<>, ColumnType aliases and unions', () => {
    const user = readSchemaShapes(GENERATED).get('user')!;
    expect(user.get('createdAt')).toEqual({ types: ['Date'], nullable: false, generated: true });
    expect(readSchemaShapes(GENERATED).get('items')!.get('id')).toEqual({
      types: ['number'],
      nullable: true,
      generated: true,
    });
    expect(readSchemaShapes(HAND).get('items')!.get('owner_id')).toEqual({
      types: ['string'],
      nullable: true,
      generated: false,
    });
  });

  it('finds nothing when they agree: defaults typed plainly, keys never null, dialect unions, partial better-auth tables', () => {
    expect(compare(HAND)).toEqual([]);
  });

  it('reports a column whose type differs', () => {
    expect(compare(HAND.replace('rating: number', 'rating: string'))).toEqual([
      'items.rating: schema.ts says string, the migrated database says Generated<number> (type)',
    ]);
  });

  it('reports nullability that differs, either way', () => {
    expect(
      compare(
        HAND.replace('owner_id: string | null', 'owner_id: string').replace(
          'full_name: string',
          'full_name: string | null',
        ),
      ),
    ).toEqual([
      'items.owner_id: schema.ts says string, the migrated database says string | null (the database allows null)',
      'profiles.full_name: schema.ts says string | null, the migrated database says string (the database never holds null)',
    ]);
  });

  it('reports a column or table on one side only', () => {
    expect(compare(HAND.replace('rating: number;', 'rating: number; size: string;'))).toEqual([
      'items.size: in schema.ts, but the migrated database has no such column',
    ]);
    expect(compare(HAND.replace('  rating: number;\n', ''))).toEqual([
      'items.rating: a column of the migrated database (Generated<number>) that schema.ts does not type',
    ]);
    expect(
      compare(
        HAND,
        GENERATED.replace(
          'export interface DB {',
          'export interface Tags { id: string; }\nexport interface DB { tags: Tags;',
        ),
      ),
    ).toEqual(['tags: a table of the migrated database that schema.ts does not type']);
    expect(compare(HAND.replace('export interface DB {', 'export interface DB { gone: ProfilesTable;'))).toEqual([
      'gone: in schema.ts, but the migrated database has no such table',
    ]);
  });

  it('reports Generated<> on a column the database does not fill', () => {
    expect(compare(HAND.replace('name: string;', 'name: Generated<string>;'))).toEqual([
      'items.name: schema.ts says Generated<string>, the migrated database says string (Generated<> but the database has no default)',
    ]);
  });

  it('allows a two-type union only for the pair the other dialect stores', () => {
    expect(compare(HAND.replace('emailVerified: boolean | number', 'emailVerified: boolean | string'))).toEqual([
      'user.emailVerified: schema.ts says boolean | string, the migrated database says boolean (type)',
    ]);
  });

  it('takes a key as nullable when it is not declared a primary key', () => {
    expect(
      compareSchemas(readSchemaShapes(HAND), readSchemaShapes(GENERATED), {
        ...opts,
        primaryKeys: new Set(['items.id']),
      }),
    ).toEqual([
      'profiles.id: schema.ts says string, the migrated database says string | null (the database allows null)',
    ]);
  });
});
