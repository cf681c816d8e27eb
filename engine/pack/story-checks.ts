import { startOf, type DiagnosticSink } from './diagnostics.ts';
import type { Sourced } from './pack-files.ts';
import { checkPackPath } from './pack-paths.ts';
import type { PackTree } from './pack-tree.ts';
import { PACK_SCHEMA_VERSION, type StoryManifest } from './schema/story.ts';
import { parseRange, satisfies, type SemVer } from './semver.ts';
import type { YamlFile } from './yaml-file.ts';
import { positionAt } from './yaml-locate.ts';

export interface AppVersion {
  readonly text: string;
  readonly version: SemVer;
}

/**
 * Checks story.yaml makes before anything else, on the raw data so they hold even when the rest of the file is broken.
 * Returns false when the pack is in a newer format: its other files would only produce a flood of misleading errors.
 */
export function preflightStory(yaml: YamlFile, app: AppVersion, sink: DiagnosticSink): boolean {
  const data: unknown = yaml.data;
  if (typeof data !== 'object' || data === null) return true;
  const schemaVersion: unknown = Reflect.get(data, 'schemaVersion');
  if (typeof schemaVersion === 'number' && schemaVersion > PACK_SCHEMA_VERSION) {
    sink.error(
      positionAt(yaml, ['schemaVersion'], 'value'),
      `this pack is written in story-pack format ${schemaVersion}; Storyloom ${app.text} reads format ${PACK_SCHEMA_VERSION}: update Storyloom to play it`,
    );
    return false;
  }
  const engine: unknown = Reflect.get(data, 'engine');
  const range = typeof engine === 'string' ? parseRange(engine) : null;
  if (range !== null && !satisfies(app.version, range)) {
    sink.error(
      positionAt(yaml, ['engine'], 'value'),
      `this pack needs Storyloom ${String(engine)}; this is Storyloom ${app.text}`,
    );
  }
  return true;
}

const IMAGE_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.webp', '.gif', '.avif'];

/** The cover must be an image inside the pack. Returns its pack-relative path when it is. */
export function checkCover(story: Sourced<StoryManifest>, tree: PackTree, sink: DiagnosticSink): string | undefined {
  const { cover } = story.value;
  if (cover === undefined) return undefined;
  const position = positionAt(story.yaml, ['cover'], 'value');
  const checked = checkPackPath(tree, cover);
  if (!checked.ok) {
    sink.error(position, `cover: ${checked.problem}`);
    return undefined;
  }
  if (!IMAGE_EXTENSIONS.some((extension) => checked.path.toLowerCase().endsWith(extension))) {
    sink.warning(position, `cover: "${cover}" is not an image the app shows (${IMAGE_EXTENSIONS.join(', ')})`);
  }
  return checked.path;
}

export const missingStory = (sink: DiagnosticSink, file: string): void =>
  sink.error(startOf(file), 'missing: every story pack has a story.yaml (its manifest)');
