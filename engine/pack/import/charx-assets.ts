import type { CharacterCard } from './card.ts';
import type { FileWrite } from './file-write.ts';
import { imageExtension } from './image-type.ts';
import { isRecord } from './json-text.ts';
import { yamlText } from './pack-skeleton.ts';
import { slugify } from './slug.ts';
import type { ZipArchive } from './zip-read.ts';

const EMBEDDED_PREFIXES = ['embeded://', 'embedded://'];
/** RisuAI's module (scripts, regexes, lorebook), kept whole: Storyloom does not run it, a round trip keeps it. */
const RISU_MODULE = 'module.risum';

/** The assets of a CHARX archive as the import keeps them, and what it could not keep. */
export interface CharxAssets {
  readonly writes: readonly FileWrite[];
  /** One line per asset not kept, saying why. */
  readonly notKept: readonly string[];
}

/** One kept asset, as the manifest lists it. */
interface ManifestEntry {
  readonly file: string;
  readonly type: string;
  readonly name: string;
  /** The extension the card declared, which RisuAI sets to `png` for WebP data. */
  readonly declared: string;
  /** What the bytes are (an image format, or `data` when they are no image). */
  readonly detected: string;
  readonly uri: string;
}

/**
 * Every asset a CHARX card embeds, kept under `assets/<character>/` with a `manifest.yaml` (SPEC_V3: SHOULD keep asset
 * data, else MUST tell the user). Images are named by what their bytes are, not by the name they came with; the
 * RisuAI module is kept opaque. An asset that lives elsewhere (a URL, `ccdefault:`) or is missing is reported.
 */
export function charxAssets(zip: ZipArchive, card: CharacterCard, characterId: string): CharxAssets {
  const folder = `assets/${characterId}`;
  const assets = Array.isArray(card.data.assets) ? card.data.assets.filter(isRecord) : [];
  const writes: FileWrite[] = [];
  const manifest: ManifestEntry[] = [];
  const notKept: string[] = [];
  const used = new Set<string>();
  assets.forEach((asset, index) => {
    const uri = typeof asset.uri === 'string' ? asset.uri : '';
    const name = typeof asset.name === 'string' ? asset.name : `asset ${index + 1}`;
    const type = typeof asset.type === 'string' ? asset.type : 'unknown';
    const declared = typeof asset.ext === 'string' ? asset.ext : '';
    const prefix = EMBEDDED_PREFIXES.find((candidate) => uri.startsWith(candidate));
    if (prefix === undefined) {
      if (uri !== 'ccdefault:') notKept.push(`asset "${name}" (${type}): not in the archive (${uri || 'no uri'})`);
      return;
    }
    const bytes = zip.read(uri.slice(prefix.length));
    if (bytes === null) return void notKept.push(`asset "${name}" (${type}): "${uri}" is missing from the archive`);
    const detected = imageExtension(bytes) ?? 'data';
    const extension = detected === 'data' ? safeExtension(declared) : detected;
    const file = uniqueFile(
      `${folder}/${String(index + 1).padStart(3, '0')}-${slugify(name, 'asset')}`,
      extension,
      used,
    );
    writes.push({ path: file, content: bytes });
    manifest.push({ file: file.slice(folder.length + 1), type, name, declared, detected, uri });
  });
  const module = zip.read(RISU_MODULE);
  if (module !== null) writes.push({ path: `${folder}/${RISU_MODULE}`, content: module });
  if (manifest.length > 0 || module !== null) {
    const content = { assets: manifest, ...(module === null ? {} : { risuModule: RISU_MODULE }) };
    writes.push({ path: `${folder}/manifest.yaml`, content: yamlText(content) });
  }
  return { writes, notKept };
}

function safeExtension(declared: string): string {
  const clean = declared.toLowerCase().replace(/[^a-z0-9]/gu, '');
  return clean === '' ? 'bin' : clean.slice(0, 8);
}

function uniqueFile(base: string, extension: string, used: Set<string>): string {
  for (let number = 1; ; number++) {
    const file = `${base}${number === 1 ? '' : `-${number}`}.${extension}`;
    if (!used.has(file)) {
      used.add(file);
      return file;
    }
  }
}
