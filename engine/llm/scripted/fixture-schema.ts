import { z } from 'zod';
import { STAGE_KINDS } from '../../api/index.ts';
import { LLM_ERROR_KINDS } from '../types.ts';

/**
 * One scripted reply. A script is an ordered YAML list of these; each stage kind consumes its own entries in order.
 *
 * ```yaml
 * - stage: narrator            # which stage kind this entry answers
 *   principal: persona         # optional: the call must be made for this principal
 *   expect: the brass lantern  # optional: text (or a list of texts) the prompt must contain
 *   reply: |                   # text, or a mapping / list that is sent as JSON for structured stages
 *     The lantern gutters.
 * - stage: npc_intent
 *   delayMs: 50                # optional: wait before answering (an AbortSignal cuts the wait short)
 *   error: timeout             # instead of a reply: fail the call with this LlmError kind
 *   message: server went away  # optional text for that error
 * ```
 */
export const scriptEntrySchema = z
  .strictObject({
    stage: z.enum(STAGE_KINDS, {
      error: (issue) =>
        issue.input === undefined
          ? 'is missing'
          : `unknown stage ${JSON.stringify(issue.input)}; stages are ${STAGE_KINDS.join(', ')}`,
    }),
    principal: z.string().min(1).optional(),
    expect: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).optional(),
    reply: z
      .union([z.string(), z.array(z.unknown()), z.record(z.string(), z.unknown())], {
        error: 'must be text, a mapping or a list',
      })
      .optional(),
    error: z
      .enum(LLM_ERROR_KINDS, {
        error: (issue) => `unknown error kind ${JSON.stringify(issue.input)}; kinds are ${LLM_ERROR_KINDS.join(', ')}`,
      })
      .optional(),
    message: z.string().min(1).optional(),
    delayMs: z.number().int().min(0).optional(),
  })
  .superRefine((entry, context) => {
    if ((entry.reply === undefined) === (entry.error === undefined)) {
      context.addIssue({ code: 'custom', message: 'an entry needs either `reply` or `error` (exactly one)' });
    }
    if (entry.message !== undefined && entry.error === undefined) {
      context.addIssue({ code: 'custom', path: ['message'], message: '`message` belongs to an `error` entry' });
    }
  });

export type ScriptEntryInput = z.input<typeof scriptEntrySchema>;
export type ScriptEntry = z.output<typeof scriptEntrySchema>;

/** An entry and where it was written, so failures can point at the fixture line. */
export interface LocatedEntry {
  readonly entry: ScriptEntry;
  /** `file:line:col` for entries from a file, `entries[i]` for entries given in code. */
  readonly location: string;
}
