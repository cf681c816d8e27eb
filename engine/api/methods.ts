import { z } from 'zod';
import type {
  MeasuredModelSpeed,
  PackImportResult,
  CatalogModel,
  LocalModelInfo,
  PackSummary,
  SaveListing,
  SaveSummary,
  StageCallRecord,
  TurnRecord,
} from './dto.ts';
import type { StageKind } from './stages.ts';
import type { TruthView } from './truth-dto.ts';
import type { ContextView, LandscapeView } from './storykeeper-dto.ts';
import type { KnowledgeGraphView } from './knowledge-dto.ts';
import type { ChronicleView } from './chronicle-dto.ts';
import type { StreamMessage } from './events.ts';
import type { Settings } from './settings.ts';
import { settingsSchema } from './settings.ts';
import { providerConfigSchema } from './provider-config.ts';

/** The largest file `packs.import` takes, as base64 text (48 MiB of file); web mode sizes its import body cap on it. */
export const MAX_IMPORT_BASE64_CHARS = 64 * 1024 * 1024;

/**
 * THE EngineApi: every request a client can make, as name → params schema → result type. Transports (in-process,
 * Electron IPC, HTTP + WebSocket) and clients are generated from this map, so no method exists on one and not another.
 */
interface MethodSpec<P extends z.ZodType, R> {
  readonly params: P;
  readonly summary: string;
  /** Phantom: carries the result type; never set at run time. */
  readonly result?: R;
}

function method<R>() {
  return <P extends z.ZodType>(params: P, summary: string): MethodSpec<P, R> => ({ params, summary });
}

const none = z.strictObject({});
const saveId = z.string().min(1).max(255);

export interface AppInfo {
  readonly appVersion: string;
  readonly home: string;
  readonly platform: string;
  /** The provider pinned for this run (`--llm SPEC`), which serves every stage whatever the settings say. */
  readonly llmOverride: string | null;
}

export interface ModelListing {
  readonly local: readonly LocalModelInfo[];
  readonly catalog: readonly CatalogModel[];
}

export interface OpenedSave {
  readonly summary: SaveSummary;
  readonly messages: readonly StreamMessage[];
  /** The suggested next actions the Narrator offered after the last turn's prose (empty when none). */
  readonly choices: readonly string[];
  readonly createdNames: readonly CreatedName[];
}

/**
 * A character the story created (the Narrator asked for it), by id and name: a speaker the pack's summary does not
 * name. Every result that carries the stream carries these, as of the turn it ends.
 */
export interface CreatedName {
  readonly id: string;
  readonly name: string;
}

/** The file types a transcript is written as. */
export const TRANSCRIPT_FORMATS = ['markdown', 'html'] as const;
export type TranscriptFormat = (typeof TRANSCRIPT_FORMATS)[number];

export interface ConnectionCheck {
  readonly model: string;
  readonly latencyMs: number;
  readonly reply: string;
}

/** The save's after-turn work once it has stopped: null when all of it finished, else the step that still fails. */
export interface SettledWork {
  readonly failure: {
    /** The turn whose after-turn work failed. */
    readonly turn: number;
    readonly step: string;
    readonly reason: string;
  } | null;
}

/** What submitting the player's input produced. */
export type PlayResult =
  | {
      readonly kind: 'turn';
      readonly saveId: string;
      readonly turn: number;
      readonly messages: readonly StreamMessage[];
      /** The Narrator's suggested next actions after this turn's prose (empty when it offered none). */
      readonly choices: readonly string[];
      readonly createdNames: readonly CreatedName[];
    }
  | {
      readonly kind: 'failed';
      readonly saveId: string;
      readonly turn: number;
      readonly stage: StageKind | 'engine';
      readonly reason: string;
    }
  | {
      readonly kind: 'forked';
      readonly saveId: string;
      readonly reason: 'undo' | 'retry';
      readonly messages: readonly StreamMessage[];
      /** The choices the fork's last turn offered, shown again. */
      readonly choices: readonly string[];
      readonly createdNames: readonly CreatedName[];
    }
  | {
      readonly kind: 'notice';
      readonly saveId: string;
      readonly message: string;
      /** True when the input could not be acted on (an unknown command, nobody to whisper to …). */
      readonly problem: boolean;
    };

export const engineMethods = {
  'app.info': method<AppInfo>()(none, 'Versions and folders of this installation.'),
  'settings.get': method<Settings>()(none, 'The current settings.'),
  'settings.update': method<Settings>()(
    settingsSchema.partial(),
    'Replace the given top-level settings sections; returns the saved settings.',
  ),
  'saves.list': method<SaveListing>()(none, 'Every save in the saves folder, unreadable ones with their error.'),
  'packs.list': method<readonly PackSummary[]>()(
    none,
    'Built-in and user story packs, broken ones with their diagnostics.',
  ),
  'packs.reload': method<readonly PackSummary[]>()(none, 'Look for packs again (after adding or editing one).'),
  'packs.cover': method<{ readonly dataUrl: string | null }>()(
    z.strictObject({ packId: z.string().min(1) }),
    'A pack’s cover image as a data: URL (null when it has none), for the library.',
  ),
  'packs.import': method<PackImportResult>()(
    z.strictObject({
      fileName: z.string().min(1).max(255),
      /** The dropped file's bytes. */
      contentBase64: z.string().min(1).max(MAX_IMPORT_BASE64_CHARS),
      /** Into one of the player's own packs (by id), or a new pack folder with this name. */
      into: z.union([
        z.strictObject({ packId: z.string().min(1) }),
        z.strictObject({ newPack: z.string().trim().min(1).max(80) }),
      ]),
      as: z.enum(['character', 'lore']).optional(),
    }),
    'Import a character card (PNG, CHARX, JSON) or a lorebook (World Info, lorebook_v3) dropped on the library.',
  ),
  'saves.create': method<SaveSummary>()(
    z.strictObject({
      packId: z.string().min(1),
      personaId: z.string().min(1).optional(),
      title: z.string().trim().min(1).max(200).optional(),
      /** Fix the save's dice (NPC activation …), e.g. to replay a scripted playthrough; random when absent. */
      seed: z.number().int().min(0).max(0xffffffff).optional(),
      /** Open on this greeting of the pack (an index into PackSummary.greetings); none when absent. */
      greeting: z.number().int().min(0).max(10_000).optional(),
    }),
    'New game: a new save of a story pack, played as a persona (the pack’s default when none is given).',
  ),
  'saves.open': method<OpenedSave>()(
    z.strictObject({ id: saveId, lastMessages: z.number().int().min(0).max(10_000).default(200) }),
    'Open a save: its summary and the tail of its stream.',
  ),
  'saves.messages': method<readonly StreamMessage[]>()(
    z.strictObject({
      id: saveId,
      beforeId: z.number().int().positive().optional(),
      limit: z.number().int().min(1).max(10_000).default(200),
    }),
    'A page of a save’s stream, newest last, ending before `beforeId`.',
  ),
  'saves.turns': method<readonly TurnRecord[]>()(
    z.strictObject({ id: saveId }),
    'Every turn of a save, failed ones too.',
  ),
  'saves.stageCalls': method<readonly StageCallRecord[]>()(
    z.strictObject({ id: saveId, turnId: z.number().int().positive() }),
    'Every stage call of one turn (by turn id): prompt, output, tokens, timings — for the debug drawer.',
  ),
  'saves.truth': method<TruthView>()(
    z.strictObject({ id: saveId, turn: z.number().int().positive().optional() }),
    'The truth set as of a turn (the last by default): propositions, accumulators, the diff since the turn before, every trigger with its evaluation trace, and the turn’s classification.',
  ),
  'saves.landscape': method<LandscapeView>()(
    z.strictObject({ id: saveId, turn: z.number().int().positive().optional() }),
    'The gravitational landscape as of a turn (the last by default): every scene with its mass, distance and pull, the attractors, gates, sub-graphs, prophecies, and the strongest pull over the last turns.',
  ),
  'saves.context': method<ContextView>()(
    z.strictObject({ id: saveId, turn: z.number().int().positive().optional() }),
    'How the Narrator’s retrieved tier was chosen in a turn: every candidate with its factors, selected or dropped and why (`classified` false, no candidates, for a turn that classified nothing).',
  ),
  'saves.chronicle': method<ChronicleView>()(
    z.strictObject({ id: saveId, turn: z.number().int().positive().optional() }),
    'The Chronicler and off-screen simulation as of a turn (the last by default): story_state, writer_guidance, the last simulation cycle, pending interactions with the protagonist, and each character’s tier and last simulation.',
  ),
  'saves.knowledge': method<KnowledgeGraphView>()(
    z.strictObject({
      id: saveId,
      graph: z.string().min(1).max(255),
      turn: z.number().int().positive().optional(),
    }),
    'One knowledge graph as of a turn (the last by default): `world`, `persona` or a character id; every entry with its in-world time, place, entities, salience, tags and provenance, and the size of every graph.',
  ),
  'play.submit': method<PlayResult>()(
    z.strictObject({
      saveId,
      text: z.string().max(20_000),
      thought: z.string().max(20_000).nullable().default(null),
    }),
    'The player’s intention (with an optional thought) or an out-of-character /command. Events stream the turn.',
  ),
  'play.settle': method<SettledWork>()(
    z.strictObject({ saveId }),
    'Wait for the after-turn work of the save’s last turns (its extractors, which run after `play.submit` has resolved) to finish or fail. The next turn waits for it anyway; call this before reading the save directly or quitting a script.',
  ),
  'play.cancel': method<{ readonly cancelled: boolean }>()(
    z.strictObject({ saveId }),
    'Cancel the turn in progress; nothing of it is kept.',
  ),
  'saves.rename': method<SaveSummary>()(
    z.strictObject({ id: saveId, title: z.string().trim().min(1).max(200) }),
    'Rename a save.',
  ),
  'saves.delete': method<{ readonly deleted: string }>()(z.strictObject({ id: saveId }), 'Delete a save file.'),
  'saves.export': method<{ readonly path: string }>()(
    z.strictObject({ id: saveId, destPath: z.string().min(1) }),
    'Write a consistent copy of a save to a path.',
  ),
  'saves.transcript': method<{ readonly text: string }>()(
    z.strictObject({ id: saveId, format: z.enum(TRANSCRIPT_FORMATS), thoughts: z.boolean().default(false) }),
    'The story of a save as its player saw it, as Markdown or HTML: the opening, then each turn; the player’s own thoughts only when asked for.',
  ),
  'models.list': method<ModelListing>()(none, 'Local .gguf models found in the models folders, and the catalog.'),
  'models.download': method<{ readonly downloadId: string }>()(
    z.strictObject({ uri: z.string().min(1) }),
    'Start (or resume) downloading a model by URL or hf: URI; progress arrives as model.download events.',
  ),
  'models.cancelDownload': method<{ readonly cancelled: boolean }>()(
    z.strictObject({ downloadId: z.string().min(1) }),
    'Cancel a running download (the partial file is kept for resume).',
  ),
  'models.bench': method<MeasuredModelSpeed>()(
    z.strictObject({ path: z.string().min(1) }),
    'Measure a local model on this machine (about a minute; steps arrive as model.bench events) and keep the figures.',
  ),
  'llm.testConnection': method<ConnectionCheck>()(
    z.strictObject({ provider: providerConfigSchema }),
    'Send a tiny prompt to a provider and report the answer and the latency.',
  ),
} as const;

export type EngineMethods = typeof engineMethods;
export type MethodName = keyof EngineMethods;
export const METHOD_NAMES = Object.keys(engineMethods) as readonly string[] as readonly MethodName[];

export type ParamsOf<M extends MethodName> = z.input<EngineMethods[M]['params']>;
export type ParsedParamsOf<M extends MethodName> = z.output<EngineMethods[M]['params']>;
export type ResultOf<M extends MethodName> = NonNullable<EngineMethods[M]['result']>;

export function isMethodName(name: string): name is MethodName {
  return Object.hasOwn(engineMethods, name);
}
