import { z } from 'zod';

/** A rendered prompt as a durable step keeps it (the after-turn steps call it later, maybe in another process). */
export const promptSchema = z.array(
  z.strictObject({ role: z.enum(['system', 'user', 'assistant']), content: z.string() }),
);
