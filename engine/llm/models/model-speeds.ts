import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { MeasuredModelSpeed, StoryTurnEstimate } from '../../api/index.ts';

const storyTurnSchema = z.strictObject({
  packId: z.string(),
  title: z.string(),
  typicalTurnSeconds: z.number(),
  longestTurnSeconds: z.number(),
  promptTokensPerTurn: z.number(),
  evaluatedTokensPerTurn: z.number(),
  generatedTokensPerTurn: z.number(),
  callsPerTurn: z.number(),
}) satisfies z.ZodType<StoryTurnEstimate>;

const measuredSpeedSchema = z.strictObject({
  sizeBytes: z.number(),
  modifiedMs: z.number(),
  measuredAt: z.string(),
  threads: z.number(),
  promptTokensPerSecond: z.number(),
  generatedTokensPerSecond: z.number(),
  parallel2Speedup: z.number().nullable(),
  stories: z.array(storyTurnSchema),
}) satisfies z.ZodType<MeasuredModelSpeed>;

const speedFileSchema = z.strictObject({
  version: z.literal(1),
  models: z.record(z.string(), measuredSpeedSchema),
});

export type MeasuredSpeed = MeasuredModelSpeed;
export type { StoryTurnEstimate };

/** `model-speeds.json` in the user-data folder: what `models bench` measured, per model file. */
export function speedFileIn(home: string): string {
  return path.join(home, 'model-speeds.json');
}

/** The measured speed of a model file, or null when it was never measured or has changed since. */
export async function readModelSpeed(file: string, modelPath: string): Promise<MeasuredSpeed | null> {
  const saved = (await readSpeedFile(file)).models[modelPath];
  if (saved === undefined) return null;
  const current = await stat(modelPath).catch(() => null);
  if (current === null || current.size !== saved.sizeBytes || current.mtimeMs !== saved.modifiedMs) return null;
  return saved;
}

/** The measured speeds of the given model files that are still as they were measured. */
export async function readModelSpeeds(
  file: string,
  modelPaths: readonly string[],
): Promise<Readonly<Record<string, MeasuredSpeed>>> {
  const entries = await Promise.all(modelPaths.map(async (path) => [path, await readModelSpeed(file, path)] as const));
  return Object.fromEntries(entries.filter((entry): entry is readonly [string, MeasuredSpeed] => entry[1] !== null));
}

/** Records a measurement, atomically (temp file + rename), keeping the other models' figures. */
export async function saveModelSpeed(
  file: string,
  modelPath: string,
  speed: Omit<MeasuredSpeed, 'sizeBytes' | 'modifiedMs'>,
): Promise<MeasuredSpeed> {
  const current = await stat(modelPath);
  const entry: MeasuredSpeed = { ...speed, sizeBytes: current.size, modifiedMs: current.mtimeMs };
  const contents = await readSpeedFile(file);
  const next = { version: 1 as const, models: { ...contents.models, [modelPath]: entry } };
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(next, null, 2)}\n`, 'utf8');
  await rename(temp, file);
  return entry;
}

/** A missing or unreadable file holds no measurements: figures are a convenience, never a reason to fail. */
async function readSpeedFile(file: string): Promise<z.infer<typeof speedFileSchema>> {
  try {
    const parsed = speedFileSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // missing or not JSON: nothing measured yet
  }
  return { version: 1, models: {} };
}
