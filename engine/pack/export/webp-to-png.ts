import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { rgbaPng } from './png-write.ts';

/**
 * A WebP image as a PNG, for a card whose portrait came as WebP (RisuAI's CHARX stores its icons so): only a PNG can
 * carry the card chunks. Decoding is libwebp's own, compiled to WebAssembly (`@jsquash/webp`, no native build), loaded
 * on first use from the installed package.
 */
export async function webpToPng(webp: Uint8Array): Promise<Uint8Array> {
  const decode = await decoder();
  const copy = new Uint8Array(webp.length);
  copy.set(webp);
  const image = await decode(copy.buffer);
  return rgbaPng(image.width, image.height, image.data);
}

interface DecodedImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray;
}

type Decode = (buffer: ArrayBuffer) => Promise<DecodedImage>;
let loading: Promise<Decode> | null = null;

function decoder(): Promise<Decode> {
  loading ??= load();
  return loading;
}

async function load(): Promise<Decode> {
  // The codec returns browser ImageData, which Node lacks: the same three fields serve.
  if (!('ImageData' in globalThis)) Object.defineProperty(globalThis, 'ImageData', { value: NodeImageData });
  const module = await import('@jsquash/webp/decode.js');
  const wasm = createRequire(import.meta.url).resolve('@jsquash/webp/codec/dec/webp_dec.wasm');
  await module.init(new WebAssembly.Module(await readFile(wasm)));
  return module.default;
}

class NodeImageData {
  readonly data: Uint8ClampedArray;
  readonly width: number;
  readonly height: number;
  constructor(data: Uint8ClampedArray, width: number, height: number) {
    this.data = data;
    this.width = width;
    this.height = height;
  }
}
