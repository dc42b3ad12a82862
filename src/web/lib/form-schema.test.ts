import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DollarsSchema, OptionalDollarsSchema, checkedBy } from './form-schema';

const Domain = z.object({
  name: z.string().trim().min(1, 'Enter a name'),
  priceCents: z.number({ error: 'Price must be a number' }).int().positive('Price must be more than zero'),
  tags: z.array(z.string().min(2, 'A tag is at least 2 letters')),
});
const FormSchema = z
  .object({ name: z.string(), price: DollarsSchema, tags: z.string() })
  .transform((v) => ({ name: v.name, priceCents: v.price, tags: v.tags.split(',').filter(Boolean) }))
  .transform(checkedBy(Domain, { priceCents: 'price' }));
const options = { fields: {}, shouldUseNativeValidation: false };

describe('form schemas over the domain schemas', () => {
  it('reads typed dollars as cents', () => {
    expect(DollarsSchema.parse('$1,250.50')).toBe(125050);
    expect(DollarsSchema.parse('')).toBeNaN();
    expect(OptionalDollarsSchema.parse(' ')).toBeUndefined();
    expect(OptionalDollarsSchema.parse('abc')).toBeNaN();
  });

  it('answers the domain schema’s output, converted from what the form holds', async () => {
    const resolver = zodResolver(FormSchema);
    expect(await resolver({ name: ' Ada ', price: '12.5', tags: 'silk' }, undefined, options)).toEqual({
      values: { name: 'Ada', priceCents: 1250, tags: ['silk'] },
      errors: {},
    });
  });

  it('puts the first problem of each field on the form’s name for it', async () => {
    const refused = await zodResolver(FormSchema)({ name: '', price: '-1', tags: 'a,b' }, undefined, options);
    expect(refused.values).toEqual({});
    expect(Object.keys(refused.errors).sort()).toEqual(['name', 'price', 'tags']);
    expect(refused.errors.name?.message).toBe('Enter a name');
    expect(refused.errors.tags?.message).toBe('A tag is at least 2 letters');
    const blank = await zodResolver(FormSchema)({ name: 'Ada', price: '', tags: '' }, undefined, options);
    expect(blank.errors.price?.message).toBe('Price must be a number');
  });
});
