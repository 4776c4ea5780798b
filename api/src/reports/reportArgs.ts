import { z } from 'zod';

/**
 * The figures, positions and hashes every report's contract shares (docs/api.md, "Reports"), in a
 * file of their own: the reports' contracts import them, and reports.ts imports those contracts
 * (a filing's content is any regime's report), so they cannot live in reports.ts itself.
 */

/** kg CO2e (or GJ, kL) as exact decimal text with six decimals ("1234.500000"). */
export const kg = z.string().regex(/^-?\d+\.\d{6}$/);
export const position = z.string().regex(/^\d+$/).meta({ description: "A commit position of the log (the audit log's `position`)." });
export const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
