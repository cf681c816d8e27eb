import { readFile, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { exportCharacterCard } from '../../../engine/pack/export/index.ts';
import { importFile } from '../../../engine/pack/import/index.ts';
import { imageExtension } from '../../../engine/pack/import/image-type.ts';
import { readPngChunks } from '../../../engine/pack/import/png-read.ts';
import { plainPng } from '../../../engine/pack/export/png-write.ts';
import { V3_CARD } from './cards.ts';
import { APP_VERSION, buildZip, tempDir, writeTemp } from './fixtures.ts';

/** A real 6×4 WebP, made with libwebp's own encoder (the test's independent source of WebP bytes). */
async function webpImage(): Promise<Uint8Array> {
  // libwebp's encoder takes browser ImageData, which Node lacks: the same three fields serve.
  if (!('ImageData' in globalThis)) Object.defineProperty(globalThis, 'ImageData', { value: TestImageData });
  const encoder = await import('@jsquash/webp/encode.js');
  const wasm = createRequire(import.meta.url).resolve('@jsquash/webp/codec/enc/webp_enc.wasm');
  await encoder.init(new WebAssembly.Module(await readFile(wasm)));
  const pixels = new Uint8ClampedArray(6 * 4 * 4).fill(180);
  return new Uint8Array(await encoder.default(new ImageData(pixels, 6, 4), { lossless: 1 }));
}

class TestImageData {
  readonly data: Uint8ClampedArray;
  readonly width: number;
  readonly height: number;
  constructor(data: Uint8ClampedArray, width: number, height: number) {
    this.data = data;
    this.width = width;
    this.height = height;
  }
}

const card = (assets: readonly object[]) => ({ ...V3_CARD, data: { ...V3_CARD.data, assets } });

describe('CHARX assets', () => {
  it('keeps every embedded asset by what its bytes are, with a manifest, the RisuAI module opaque', async () => {
    const webp = await webpImage();
    const png = plainPng(2, [1, 2, 3]);
    const jpeg = Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46);
    const assets = [
      // RisuAI stores WebP under .png names and says ext "png".
      { type: 'icon', uri: 'embeded://assets/icon/images/main.png', name: 'main', ext: 'png' },
      { type: 'x-risu-asset', uri: 'embeded://assets/other/smile.png', name: 'Smile', ext: 'png' },
      { type: 'emotion', uri: 'embeded://assets/other/angry.png', name: 'angry', ext: 'png' },
      { type: 'background', uri: 'embeded://assets/other/bg.jpeg', name: 'bg', ext: 'jpeg' },
      { type: 'icon', uri: 'ccdefault:', name: 'default', ext: 'png' },
      { type: 'x-risu-asset', uri: 'https://example.org/far.png', name: 'far', ext: 'png' },
    ];
    const charx = buildZip([
      { name: 'card.json', data: Buffer.from(JSON.stringify(card(assets))) },
      { name: 'assets/icon/images/main.png', data: webp },
      { name: 'assets/other/smile.png', data: webp },
      { name: 'assets/other/angry.png', data: png },
      { name: 'assets/other/bg.jpeg', data: jpeg },
      { name: 'module.risum', data: Uint8Array.of(1, 2, 3, 4) },
    ]);
    const dir = path.join(await tempDir(), 'pack');
    const summary = await importFile(await writeTemp('mara.charx', charx), { into: dir, appVersion: APP_VERSION });
    const id = summary.character?.id ?? '';
    const folder = path.join(dir, 'assets', id);
    const manifest = parse(await readFile(path.join(folder, 'manifest.yaml'), 'utf8')) as {
      assets: { file: string; declared: string; detected: string; name: string }[];
      risuModule: string;
    };
    expect(
      manifest.assets.map((asset) => [asset.name, asset.declared, asset.detected, path.extname(asset.file)]),
    ).toEqual([
      ['main', 'png', 'webp', '.webp'],
      ['Smile', 'png', 'webp', '.webp'],
      ['angry', 'png', 'png', '.png'],
      ['bg', 'jpeg', 'jpg', '.jpg'],
    ]);
    for (const asset of manifest.assets) {
      const bytes = await readFile(path.join(folder, asset.file));
      expect(imageExtension(bytes)).toBe(asset.detected);
    }
    expect(await readFile(path.join(folder, 'module.risum'))).toEqual(Buffer.from([1, 2, 3, 4]));
    expect((await readdir(folder)).length).toBe(6);
    // What it could not keep, it says (SPEC_V3: MUST alert the user).
    expect(summary.notes).toContain(
      'not kept: asset "far" (x-risu-asset): not in the archive (https://example.org/far.png)',
    );
    expect(summary.notes.some((note) => note.includes('default'))).toBe(false);
    // The main icon is the portrait, as WebP, and the exported PNG card carries it converted, not a placeholder.
    expect(imageExtension(await readFile(path.join(dir, 'images', `${id}.webp`)))).toBe('webp');
    const exported = await exportCharacterCard(dir, id, APP_VERSION);
    const header = readPngChunks(exported).find((chunk) => chunk.type === 'IHDR');
    const view = new DataView(header?.data.buffer ?? new ArrayBuffer(8), header?.data.byteOffset ?? 0);
    expect([view.getUint32(0), view.getUint32(4)]).toEqual([6, 4]);
  });
});
