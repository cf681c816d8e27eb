/**
 * The ggml tensor types this writer can emit, with their block layouts (ggml-common.h):
 * - Q4_0: 32 weights in 18 bytes — an f16 scale, then 16 bytes of 4-bit values (low nibbles = weights 0–15,
 *   high nibbles = 16–31); weight = (nibble − 8) × scale.
 * - Q8_0: 32 weights in 34 bytes — an f16 scale, then 32 int8 values; weight = value × scale.
 * - Q6_K: 256 weights in 210 bytes — 128 bytes of low 4 bits, 64 bytes of high 2 bits, 16 int8 sub-block scales,
 *   then the f16 super-block scale; weight = (6-bit value − 32) × sub-block scale × scale.
 */

export const GGML_TYPES = {
  F32: { id: 0, blockWeights: 1, blockBytes: 4 },
  F16: { id: 1, blockWeights: 1, blockBytes: 2 },
  Q4_0: { id: 2, blockWeights: 32, blockBytes: 18 },
  Q8_0: { id: 8, blockWeights: 32, blockBytes: 34 },
  Q6_K: { id: 14, blockWeights: 256, blockBytes: 210 },
} as const;

export type GgmlType = keyof typeof GGML_TYPES;

/** Bytes of a tensor's data; throws when its rows do not split into whole blocks. */
export function tensorByteSize(name: string, type: GgmlType, dims: readonly number[]): number {
  const { blockWeights, blockBytes } = GGML_TYPES[type];
  const rowLength = dims[0] ?? 1;
  if (rowLength % blockWeights !== 0) {
    throw new Error(`tensor ${name}: a ${type} row needs a multiple of ${blockWeights} values, got ${rowLength}`);
  }
  const weights = dims.reduce((product, dim) => product * dim, 1);
  return (weights / blockWeights) * blockBytes;
}

/** IEEE 754 half-precision bits of `value`, rounded to nearest (what ggml_fp32_to_fp16 gives for finite values). */
export function float16Bits(value: number): number {
  const view = new DataView(new ArrayBuffer(4));
  view.setFloat32(0, value, true);
  const bits = view.getUint32(0, true);
  const sign = (bits >>> 16) & 0x8000;
  const exponent = ((bits >>> 23) & 0xff) - 127 + 15;
  const mantissa = bits & 0x7fffff;
  if (!Number.isFinite(value) || exponent >= 0x1f) throw new Error(`${value} does not fit in a float16`);
  if (exponent <= 0) {
    // Subnormal half: shift the implicit leading 1 in, then round.
    if (exponent < -10) return sign;
    const full = mantissa | 0x800000;
    const shift = 14 - exponent;
    return sign | ((full + (1 << (shift - 1))) >>> shift);
  }
  // Rounding may carry into the exponent, which is still the right bit pattern.
  return sign | ((exponent << 10) + ((mantissa + 0x1000) >>> 13));
}
