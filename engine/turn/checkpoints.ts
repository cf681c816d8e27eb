import { z } from 'zod';
import { npcStateSchema } from '../boundary/index.ts';
import {
  CREATIONS_CHECKPOINT,
  EVENTS_REPORT_CHECKPOINT,
  IMPORTANCE_FLAGS_CHECKPOINT,
  NPC_STATE_CHECKPOINT,
  PLAY_STATE_CHECKPOINT,
  SCENE_OPENINGS_CHECKPOINT,
  TRUTH_CHECKPOINT,
  type CheckpointKind,
} from '../store/index.ts';
import { createdSchema } from './creation/created.ts';
import { openingDeliveriesSchema } from './opening-deliveries.ts';
import { playStateSchema } from './play-state.ts';

const pairs = <T extends z.ZodType>(value: T) => z.array(z.tuple([z.string(), value]));

/** TruthSet.snapshot(): every map of the truth set as [key, entry] pairs. */
const truthSnapshotSchema = z.looseObject({
  lastSeq: z.number().int(),
  factual: pairs(z.unknown()),
  interpretive: pairs(z.unknown()),
  accumulators: pairs(z.number()),
  slots: pairs(z.string()),
  history: pairs(z.array(z.unknown())),
  momentary: pairs(z.number()),
  contributions: pairs(z.unknown()),
});

/** An EventsReport, as far as its readers check it (an older build's report of another shape reads as none). */
const eventsReportSchema = z.looseObject({
  turn: z.number().int(),
  firings: z.array(z.unknown()),
  context: z.unknown(),
  reconciliations: z.array(z.unknown()),
});

/** An ImportanceReport: the roster changes a scene opening's flags made, and the requests refused. */
const importanceReportSchema = z.strictObject({ changes: z.array(z.unknown()), refused: z.array(z.unknown()) });

/**
 * Every checkpoint kind with the schema its data fits: the one registry, like the migrations list. A kind added to
 * engine/store/checkpoint-kinds.ts without a schema here fails to compile.
 */
export const CHECKPOINT_SCHEMAS = {
  [PLAY_STATE_CHECKPOINT]: playStateSchema,
  [NPC_STATE_CHECKPOINT]: npcStateSchema,
  [TRUTH_CHECKPOINT]: truthSnapshotSchema,
  [EVENTS_REPORT_CHECKPOINT]: eventsReportSchema,
  [IMPORTANCE_FLAGS_CHECKPOINT]: importanceReportSchema,
  [SCENE_OPENINGS_CHECKPOINT]: openingDeliveriesSchema,
  [CREATIONS_CHECKPOINT]: createdSchema,
} as const satisfies Record<CheckpointKind, z.ZodType>;
