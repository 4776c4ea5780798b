import type { z } from 'zod';
import { HttpError } from './httpErrors';

/** Missing or malformed arguments answer 400 'invalid args' (spec §5), naming the fields. */
export function parseArgs<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const fields = [...new Set(result.error.issues.map((i) => i.path.join('.')))].filter(Boolean);
  const error = new HttpError(400, 'invalid_args', 'invalid args');
  Object.assign(error, { fields });
  throw error;
}
