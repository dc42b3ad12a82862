import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorsFrom, schemaResolver } from './form-resolver';

const Schema = z.object({ name: z.string().trim().min(1, 'Enter a name'), priceCents: z.number().int().positive() });

describe('form resolvers from the domain schemas', () => {
  it('keeps the first issue per field, under the form’s name for it', () => {
    const errors = fieldErrorsFrom(
      [
        { path: ['priceCents'], message: 'Too low' },
        { path: ['priceCents'], message: 'Not whole' },
        { path: [], message: 'Whole form' },
      ],
      { priceCents: 'price' },
    );
    expect(errors).toEqual({
      price: { type: 'validation', message: 'Too low' },
      root: { type: 'validation', message: 'Whole form' },
    });
  });

  it('answers the schema’s output, or the field errors, after converting the form’s values', async () => {
    const resolver = schemaResolver<{ name: string; price: string }, z.output<typeof Schema>>(Schema, (v) => ({
      name: v.name,
      priceCents: Math.round(Number(v.price) * 100),
    }));
    const options = { fields: {}, shouldUseNativeValidation: false };
    expect(await resolver({ name: ' Ada ', price: '12.5' }, undefined, options)).toEqual({
      values: { name: 'Ada', priceCents: 1250 },
      errors: {},
    });
    const refused = await resolver({ name: '', price: '-1' }, undefined, options);
    expect(refused.values).toEqual({});
    expect(Object.keys(refused.errors)).toEqual(['name', 'priceCents']);
    expect(refused.errors.name?.message).toBe('Enter a name');
  });
});
