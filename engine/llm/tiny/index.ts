export { buildTinyLlamaGguf, TINY_HYPERPARAMETERS, writeTinyLlamaGguf, type TinyModelOptions } from './tiny-llama.ts';
export { encodeGguf, type GgufFileContents, type GgufTensor, type GgufValue } from './gguf-writer.ts';
