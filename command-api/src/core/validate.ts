import type { z } from 'zod';
import { HttpError } from './httpErrors';

/** Missing or malformed arguments answer 400 'invalid args' (spec §5), naming the fields. */
export function parseArgs<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  throw invalidArgs(result.error);
}

/** The 400 'invalid args' for a zod refusal, with the paths of the fields it names. */
export function invalidArgs(error: z.ZodError): HttpError {
  const fields = [...new Set(error.issues.map((i) => i.path.join('.')))].filter(Boolean);
  return Object.assign(new HttpError(400, 'invalid_args', 'invalid args'), { fields });
}
