export { buildTinyLlamaGguf, TINY_HYPERPARAMETERS, writeTinyLlamaGguf, type TinyModelOptions } from './tiny-llama.ts';
export {
  encodeGguf,
  encodeGgufHeader,
  type GgufFileContents,
  type GgufTensor,
  type GgufTensorInfo,
  type GgufValue,
} from './gguf-writer.ts';
export { writeGgufStream, type StreamedGguf, type StreamedTensor } from './gguf-stream.ts';
export { float16Bits, GGML_TYPES, tensorByteSize, type GgmlType } from './ggml-types.ts';
export { blockScale, randomQuantizedChunks, RandomWords, type QuantizedType } from './random-blocks.ts';
export {
  LLAMA3_BOS_ID,
  LLAMA3_EOS_ID,
  LLAMA3_VOCAB_SIZE,
  readLlama32ChatTemplate,
  readLlama3Tokenizer,
} from './llama3-tokenizer.ts';
export {
  LLAMA_SHAPES,
  llama3RopeFactors,
  writeShapeLlamaGguf,
  type LlamaShape,
  type ShapeModelOptions,
  type ShapeModelType,
} from './shape-llama.ts';
