/** API.md's error body with its stable code (core/errors.ts); extra fields (retry_at, isAllowed …) pass through. */
import { z } from 'zod';
import { ERROR_CODES } from '../errors.ts';

export const errorSchema = z.looseObject({
  code: z.enum(ERROR_CODES).describe('Stable: clients branch on it. The message is translated and may be reworded.'),
  message: z.string().describe("In the request's language"),
  errors: z.record(z.string(), z.array(z.string())).optional().describe('VALIDATION: the messages of each bad field'),
});
// One named component of the OpenAPI document, which every route's error responses refer to.
z.globalRegistry.add(errorSchema, { id: 'Error' });
