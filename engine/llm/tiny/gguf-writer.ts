/**
 * A minimal GGUF v3 writer: header, typed key/value metadata, tensor infos and aligned tensor data.
 * Generic on purpose (no model knowledge here); see tiny-llama.ts for what a llama model needs.
 * Layout reference: https://github.com/ggml-org/ggml/blob/master/docs/gguf.md
 */

import { GGML_TYPES, tensorByteSize, type GgmlType } from './ggml-types.ts';

const GGUF_MAGIC = 0x46554747; // "GGUF" read as a little-endian u32
const GGUF_VERSION = 3;

/** GGUF metadata value type ids, by name. */
export const GGUF_VALUE_TYPES = {
  uint8: 0,
  int8: 1,
  uint16: 2,
  int16: 3,
  uint32: 4,
  int32: 5,
  float32: 6,
  bool: 7,
  string: 8,
  array: 9,
  uint64: 10,
  int64: 11,
  float64: 12,
} as const;

export type GgufScalarType = Exclude<keyof typeof GGUF_VALUE_TYPES, 'array'>;
export type GgufScalar = number | bigint | boolean | string;

export type GgufValue =
  | { readonly type: GgufScalarType; readonly value: GgufScalar }
  | { readonly type: 'array'; readonly itemType: GgufScalarType; readonly values: readonly GgufScalar[] };

export interface GgufTensor {
  readonly name: string;
  /** ggml order: dims[0] is the innermost (contiguous) dimension. */
  readonly dims: readonly number[];
  readonly data: Float32Array;
}

export interface GgufFileContents {
  readonly metadata: ReadonlyMap<string, GgufValue>;
  readonly tensors: readonly GgufTensor[];
  /** Byte alignment of tensor data; written as general.alignment by the caller when it is not 32. */
  readonly alignment?: number;
}

/** A tensor's entry in the header: where its data sits, counted from the start of the data section. */
export interface GgufTensorInfo {
  readonly name: string;
  /** ggml order: dims[0] is the innermost (contiguous) dimension. */
  readonly dims: readonly number[];
  readonly type: GgmlType;
}

export interface GgufHeader {
  /** Everything before the first tensor's data, padded to the alignment. */
  readonly bytes: Buffer;
  /** Per tensor, in order: its data offset within the data section and its byte size (before padding). */
  readonly layout: readonly { readonly offset: number; readonly size: number }[];
  readonly alignment: number;
}

/** Encodes the header, metadata and tensor infos of a GGUF v3 file; the tensor data follows in the same order. */
export function encodeGgufHeader(
  metadata: ReadonlyMap<string, GgufValue>,
  tensors: readonly GgufTensorInfo[],
  alignment = 32,
): GgufHeader {
  const out = new ByteSink();
  out.u32(GGUF_MAGIC);
  out.u32(GGUF_VERSION);
  out.u64(BigInt(tensors.length));
  out.u64(BigInt(metadata.size));
  for (const [key, value] of metadata) {
    out.string(key);
    out.u32(GGUF_VALUE_TYPES[value.type]);
    if (value.type === 'array') {
      out.u32(GGUF_VALUE_TYPES[value.itemType]);
      out.u64(BigInt(value.values.length));
      for (const item of value.values) writeScalar(out, value.itemType, item);
    } else {
      writeScalar(out, value.type, value.value);
    }
  }
  let offset = 0;
  const layout: { offset: number; size: number }[] = [];
  for (const tensor of tensors) {
    const size = tensorByteSize(tensor.name, tensor.type, tensor.dims);
    out.string(tensor.name);
    out.u32(tensor.dims.length);
    for (const dim of tensor.dims) out.u64(BigInt(dim));
    out.u32(GGML_TYPES[tensor.type].id);
    out.u64(BigInt(offset));
    layout.push({ offset, size });
    offset = alignUp(offset + size, alignment);
  }
  out.padTo(alignment);
  return { bytes: out.toBuffer(), layout, alignment };
}

/** Serializes a whole F32 GGUF file into one buffer (fine for small models; see gguf-stream.ts for large ones). */
export function encodeGguf(contents: GgufFileContents): Buffer {
  for (const tensor of contents.tensors) {
    const expected = tensor.dims.reduce((product, dim) => product * dim, 1);
    if (expected !== tensor.data.length) {
      throw new Error(
        `tensor ${tensor.name}: dims ${tensor.dims.join('×')} need ${expected} values, got ${tensor.data.length}`,
      );
    }
  }
  const infos = contents.tensors.map((tensor) => ({ name: tensor.name, dims: tensor.dims, type: 'F32' as const }));
  const header = encodeGgufHeader(contents.metadata, infos, contents.alignment);
  const out = new ByteSink();
  out.bytesOf(header.bytes);
  for (const tensor of contents.tensors) {
    out.floats(tensor.data);
    out.padTo(header.alignment);
  }
  return out.toBuffer();
}

function writeScalar(out: ByteSink, type: GgufScalarType, value: GgufScalar): void {
  switch (type) {
    case 'string':
      return out.string(String(value));
    case 'bool':
      return out.u8(value === true ? 1 : 0);
    case 'uint64':
    case 'int64':
      return type === 'uint64' ? out.u64(BigInt(value)) : out.i64(BigInt(value));
    default:
      return out.number(type, Number(value));
  }
}

export function alignUp(value: number, alignment: number): number {
  return Math.ceil(value / alignment) * alignment;
}

/** A growable little-endian byte buffer. */
class ByteSink {
  private bytes = new Uint8Array(1 << 16);
  private view = new DataView(this.bytes.buffer);
  private length = 0;

  u8(value: number): void {
    this.reserve(1).setUint8(this.length - 1, value);
  }
  u32(value: number): void {
    this.reserve(4).setUint32(this.length - 4, value, true);
  }
  u64(value: bigint): void {
    this.reserve(8).setBigUint64(this.length - 8, value, true);
  }
  i64(value: bigint): void {
    this.reserve(8).setBigInt64(this.length - 8, value, true);
  }
  number(type: Exclude<GgufScalarType, 'string' | 'bool' | 'uint64' | 'int64'>, value: number): void {
    const size = { uint8: 1, int8: 1, uint16: 2, int16: 2, uint32: 4, int32: 4, float32: 4, float64: 8 }[type];
    const view = this.reserve(size);
    const at = this.length - size;
    if (type === 'uint8') view.setUint8(at, value);
    else if (type === 'int8') view.setInt8(at, value);
    else if (type === 'uint16') view.setUint16(at, value, true);
    else if (type === 'int16') view.setInt16(at, value, true);
    else if (type === 'uint32') view.setUint32(at, value, true);
    else if (type === 'int32') view.setInt32(at, value, true);
    else if (type === 'float32') view.setFloat32(at, value, true);
    else view.setFloat64(at, value, true);
  }
  string(value: string): void {
    const encoded = new TextEncoder().encode(value);
    this.u64(BigInt(encoded.length));
    this.reserve(encoded.length);
    this.bytes.set(encoded, this.length - encoded.length);
  }
  bytesOf(values: Uint8Array): void {
    this.reserve(values.length);
    this.bytes.set(values, this.length - values.length);
  }
  floats(values: Float32Array): void {
    const view = this.reserve(values.length * 4);
    let at = this.length - values.length * 4;
    for (const value of values) {
      view.setFloat32(at, value, true);
      at += 4;
    }
  }
  padTo(alignment: number): void {
    this.reserve(alignUp(this.length, alignment) - this.length); // new bytes are already zero
  }
  toBuffer(): Buffer {
    return Buffer.from(this.bytes.buffer, 0, this.length);
  }

  /** Grows the buffer if needed, advances the length by `size`, and returns the view to write through. */
  private reserve(size: number): DataView {
    const needed = this.length + size;
    if (needed > this.bytes.length) {
      let capacity = this.bytes.length;
      while (capacity < needed) capacity *= 2;
      const grown = new Uint8Array(capacity);
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
      this.view = new DataView(grown.buffer);
    }
    this.length = needed;
    return this.view;
  }
}
