import { z } from 'zod';
import type { LogEntry, LogPosition, WorldInput } from './change-log.ts';
import { conditionSchema, idSchema as id, placeSchema, scalarSchema as scalar } from './state-schema.ts';
import { LIGHTING_LEVELS, VOLUMES } from './types.ts';

/** The shape of logged inputs (actions and writes), so a checkpointed change log can be restored and replayed. */

const onObject = (type: 'take' | 'drop' | 'open' | 'close' | 'lock' | 'unlock' | 'use') =>
  z.strictObject({ type: z.literal(type), agent: id, object: id });

export const worldInputSchema: z.ZodType<WorldInput> = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('move'), agent: id, to: id }),
  z.strictObject({ type: z.literal('face'), agent: id, toward: z.string() }),
  onObject('take'),
  onObject('drop'),
  onObject('open'),
  onObject('close'),
  onObject('lock'),
  onObject('unlock'),
  onObject('use'),
  z.strictObject({ type: z.literal('give'), agent: id, object: id, to: id }),
  z.strictObject({ type: z.literal('put'), agent: id, object: id, container: id }),
  z.strictObject({ type: z.literal('examine'), agent: id, target: id }),
  z.strictObject({
    type: z.literal('speak'),
    agent: id,
    volume: z.enum(VOLUMES),
    message: z.string(),
    to: id.nullable(),
  }),
  z.strictObject({ type: z.literal('set_object_state'), object: id, key: z.string(), value: scalar }),
  z.strictObject({ type: z.literal('place_object'), object: id, place: placeSchema }),
  z.strictObject({ type: z.literal('set_visibility'), object: id, visibility: z.enum(['visible', 'hidden']) }),
  z.strictObject({ type: z.literal('place_agent'), agent: id, location: id }),
  z.strictObject({ type: z.literal('set_condition'), agent: id, condition: conditionSchema }),
  z.strictObject({ type: z.literal('set_lighting'), location: id, lighting: z.enum(LIGHTING_LEVELS) }),
  z.strictObject({ type: z.literal('set_time'), minuteOfDay: z.number() }),
  z.strictObject({ type: z.literal('set_weather'), weather: z.string() }),
  z.strictObject({ type: z.literal('set_atmosphere'), mood: z.string(), tension: z.number(), noise: z.number() }),
  z.strictObject({ type: z.literal('set_flag'), key: z.string(), value: scalar }),
]);

export const logEntrySchema: z.ZodType<LogEntry> = z.strictObject({
  id: z.string().regex(/^w\d+b?\.\d+$/u),
  turn: z.number().int().min(0),
  seq: z.number().int().min(1),
  input: worldInputSchema,
  changes: z.array(
    z.strictObject({
      entity: z.enum(['agent', 'object', 'location', 'environment']),
      id: z.string(),
      property: z.string(),
      before: z.json(),
      after: z.json(),
    }),
  ),
  observers: z.array(id),
});

export const logPositionSchema: z.ZodType<LogPosition> = z.strictObject({
  turn: z.number().int().min(0),
  phase: z.enum(['turn', 'boundary']),
});
