/** Plain data that crosses the EngineApi boundary (JSON-safe: no Dates, no class instances). */

export interface SaveSummary {
  /** The save's file name within the saves folder (its identity across the API). */
  readonly id: string;
  readonly path: string;
  readonly title: string;
  readonly packId: string;
  readonly packVersion: string;
  readonly packContentHash: string;
  readonly personaId: string;
  readonly appVersion: string;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly turnCount: number;
  readonly messageCount: number;
}

/** A file in the saves folder that could not be opened as a save, listed so the player sees why. */
export interface UnreadableSave {
  readonly id: string;
  readonly path: string;
  readonly error: { readonly code: 'save_corrupt' | 'save_foreign' | 'save_too_new'; readonly message: string };
}

export interface SaveListing {
  readonly saves: readonly SaveSummary[];
  readonly unreadable: readonly UnreadableSave[];
}

export interface LocalModelInfo {
  readonly path: string;
  readonly fileName: string;
  readonly sizeBytes: number;
  readonly architecture: string | null;
  readonly name: string | null;
  /** Parameter count when the file states it or it can be computed. */
  readonly parameters: number | null;
  /** Quantization / file type, e.g. "Q4_K_M". */
  readonly quantization: string | null;
  readonly contextLength: number | null;
  /** Estimated RAM to run it at its default context, in bytes. */
  readonly ramEstimateBytes: number | null;
  /** Set when the file could not be read as GGUF. */
  readonly error: string | null;
}

/** What `storyloom models bench` (or Settings → Measure speed) measured for a model file on this machine. */
export interface MeasuredModelSpeed {
  /** The file as it was measured: a changed file is measured again. */
  readonly sizeBytes: number;
  readonly modifiedMs: number;
  readonly measuredAt: string;
  readonly threads: number;
  readonly promptTokensPerSecond: number;
  readonly generatedTokensPerSecond: number;
  /** Two concurrent generations' total tokens/s ÷ one's. */
  readonly parallel2Speedup: number | null;
  readonly stories: readonly StoryTurnEstimate[];
}

/** What a turn of a built-in story costs on this machine, priced from its scripted playthrough's real prompts. */
export interface StoryTurnEstimate {
  readonly packId: string;
  readonly title: string;
  /** The median turn, every call in series at the measured rates. */
  readonly typicalTurnSeconds: number;
  /** Its costliest turn (usually a scene opening). */
  readonly longestTurnSeconds: number;
  readonly promptTokensPerTurn: number;
  readonly evaluatedTokensPerTurn: number;
  readonly generatedTokensPerTurn: number;
  readonly callsPerTurn: number;
}

export interface CatalogModel {
  readonly id: string;
  readonly size: 'small' | 'medium' | 'large';
  readonly title: string;
  readonly description: string;
  /** A `hf:` URI or an https URL. */
  readonly uri: string;
  readonly fileName: string;
  readonly downloadBytes: number;
  readonly ramBytes: number;
  readonly contextLength: number;
  readonly license: string;
}

export interface DownloadProgress {
  readonly downloadId: string;
  readonly uri: string;
  readonly fileName: string;
  readonly downloadedBytes: number;
  readonly totalBytes: number | null;
  readonly bytesPerSecond: number | null;
  readonly state: 'downloading' | 'done' | 'cancelled' | 'failed';
  readonly error?: string;
}

export interface PackDiagnostic {
  readonly severity: 'error' | 'warning';
  /** Relative to the pack folder. */
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

export interface PackSummary {
  readonly id: string;
  readonly source: 'builtin' | 'user';
  readonly dir: string;
  readonly title: string;
  readonly author: string;
  readonly description: string;
  readonly version: string;
  readonly coverPath: string | null;
  readonly status: 'ok' | 'warnings' | 'error';
  readonly diagnostics: readonly PackDiagnostic[];
  readonly personas: readonly { readonly id: string; readonly name: string; readonly description: string }[];
  readonly defaultPersona: string | null;
  /** The starting place as a reader first meets it (its name and description), shown before turn 1. */
  readonly opening: string | null;
  /**
   * The greetings of the pack's character cards (`first_mes`, then `alternate_greetings`), in the order
   * `saves.create`'s `greeting` counts them; the text with its macros filled for the default persona.
   */
  readonly greetings: readonly { readonly character: string; readonly text: string }[];
  /** Every character's display name, for speaker labels. */
  readonly characters: readonly { readonly id: string; readonly name: string }[];
}

export interface TurnRecord {
  readonly id: number;
  readonly number: number;
  readonly status: 'committed' | 'failed';
  readonly input: string;
  readonly startedAt: number;
  readonly durationMs: number;
  readonly failureStage: string | null;
  readonly failureReason: string | null;
}

/** A logged stage call as the debug drawer and `storyloom inspect <save> prompts` show it. */
export interface StageCallRecord {
  /** The call's row and the turn (by id) that made it. */
  readonly id: number;
  readonly turnId: number;
  readonly seq: number;
  readonly stage: string;
  readonly principal: string;
  readonly provider: string;
  readonly model: string;
  readonly prompt: readonly { readonly role: string; readonly content: string }[];
  readonly output: string | null;
  readonly promptTokens: number | null;
  readonly cachedTokens: number | null;
  readonly generatedTokens: number | null;
  readonly ttftMs: number | null;
  readonly totalMs: number | null;
  readonly error: string | null;
  readonly createdAt: number;
}

/** What an import brought into a pack (character cards, lorebooks, World Info). */
export interface PackImportResult {
  readonly packId: string;
  readonly createdPack: boolean;
  /** The detected format, e.g. "PNG card V3", "World Info". */
  readonly format: string;
  readonly character: { readonly id: string; readonly name: string } | null;
  readonly lore: readonly string[];
  readonly skipped: readonly string[];
  readonly notes: readonly string[];
  readonly files: readonly string[];
}
