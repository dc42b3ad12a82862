import { z } from '@hono/zod-openapi';
import { ID_MESSAGE, isCanonicalId } from '../../domain/ids';

/**
 * The one schema of a numeric id in a path: canonical decimal only (see src/domain/ids.ts),
 * turned into a number. Every route with an id parameter uses it (or `IdParams`).
 */
export function idParam(name: string) {
  return z
    .string()
    .refine(isCanonicalId, { error: ID_MESSAGE })
    .transform(Number)
    .openapi({ param: { name, in: 'path' }, type: 'string', pattern: '^[1-9][0-9]{0,9}$', example: '42' });
}

/** `{id}` path parameters. */
export const IdParams = z.object({ id: idParam('id') });
