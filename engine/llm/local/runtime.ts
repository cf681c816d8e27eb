import { access } from 'node:fs/promises';
import { basename, isAbsolute, resolve } from 'node:path';
import {
  getLlama,
  LlamaLogLevel,
  resolveChatWrapper,
  type ChatWrapper,
  type Llama,
  type LlamaContext,
  type LlamaModel,
} from 'node-llama-cpp';
import type { LocalProviderConfig, ThreadsSetting } from '../config.ts';
import { LlmError, type SlowGeneration } from '../types.ts';
import { foregroundFirst } from './foreground-first.ts';
import { planKvSequences } from './kv-sequences.ts';
import { processParallelism, resolveThreads } from './threads.ts';
import { errorMessage } from '../../api/index.ts';

export interface LocalProviderOptions {
  /** Folder that relative `modelPath`s are resolved against. */
  readonly modelsDir?: string;
  /** Overrides `config.threads` (tests pin this to 1). */
  readonly threads?: ThreadsSetting;
  /** How many cores this process may use; default `os.availableParallelism()` (tests fake it). */
  readonly availableParallelism?: number;
  /**
   * Parallel sequences in the one context, each holding its own cached prompt prefix. Default: as many as the free
   * memory holds, 2 to 10.
   */
  readonly sequences?: number;
  /** Free memory in bytes, for sizing the KV cache; default `os.freemem()` (tests fake it). */
  readonly freeMemory?: number;
  /**
   * Prose first on a CPU (default): the prose takes every batch, background calls step aside. False: node-llama-cpp's
   * own even split, for benchmarks to compare.
   */
  readonly prioritizeProse?: boolean;
  /** Overrides `config.contextSize` (tokens per sequence). */
  readonly contextSize?: number;
  /** Warn through `onSlow` when generation runs far below what `models bench` recorded in `speedFile`. */
  readonly speedWatch?: { readonly speedFile: string; readonly onSlow: (notice: SlowGeneration) => void };
  /** llama.cpp log level; default "warn". */
  readonly logLevel?: LlamaLogLevel;
}

/** Everything one loaded model needs: the backend, the weights, the one context and the prompt formatter. */
export interface LocalRuntime {
  readonly llama: Llama;
  readonly model: LlamaModel;
  readonly context: LlamaContext;
  readonly chatWrapper: ChatWrapper;
  /** Display name: the GGUF's general.name, else the file name. */
  readonly modelName: string;
  /** The model file, resolved against the models folder. */
  readonly modelPath: string;
  /** The CPU threads llama.cpp evaluates with. */
  readonly threads: number;
  /** Background calls step aside for the prose (on a CPU, unless a benchmark turns prose-first off). */
  readonly proseFirst: boolean;
  /** No GPU: calls side by side share the cores (see SequencePool). */
  readonly cpuOnly: boolean;
}

/** Per-sequence cap when the config leaves it open: enough for story prompts without reserving a 128k KV cache × N. */
const DEFAULT_MAX_CONTEXT = 8192;

export async function loadLocalRuntime(
  config: LocalProviderConfig,
  options: LocalProviderOptions,
): Promise<LocalRuntime> {
  const modelPath = await resolveModelPath(config.modelPath, options.modelsDir);
  const setting = options.threads ?? config.threads;
  const parallelism = options.availableParallelism ?? processParallelism();
  let llama: Llama;
  try {
    llama = await getLlama({
      gpu: config.gpu === 'cpu' ? false : 'auto',
      build: 'never', // never compile llama.cpp on a user's machine: use the prebuilt binaries
      logLevel: options.logLevel ?? LlamaLogLevel.warn,
      // Never node-llama-cpp's own default (at least 4): below 4 cores that oversubscribes and generation collapses.
      maxThreads: resolveThreads(setting, { mathCores: parallelism, availableParallelism: parallelism }),
    });
  } catch (error) {
    throw new LlmError('provider', `cannot start llama.cpp: ${errorMessage(error)}`, undefined, { cause: error });
  }
  // llama.cpp's math-core count is known only once it is loaded; contexts read maxThreads when they are created.
  llama.maxThreads = resolveThreads(setting, { mathCores: llama.cpuMathCores, availableParallelism: parallelism });
  try {
    const model = await llama.loadModel({ modelPath });
    const contextSize = options.contextSize ?? config.contextSize;
    const sequences =
      options.sequences ??
      (await planKvSequences(model, contextSize ?? DEFAULT_MAX_CONTEXT, options.freeMemory)).sequences;
    const proseFirst = options.prioritizeProse !== false && llama.gpu === false;
    const context = await model.createContext({
      sequences,
      contextSize: contextSize ?? { max: DEFAULT_MAX_CONTEXT },
      // Keep the whole window for sliding-window models too, so any shared prompt prefix can be reused.
      swaFullCache: true,
      batching: {
        // A GPU decodes a batch of many sequences about as fast as one: there, every sequence shares each batch.
        itemPrioritizationStrategy: proseFirst ? foregroundFirst : 'maximumParallelism',
      },
    });
    const modelName = model.fileInfo.metadata.general?.name ?? basename(modelPath);
    return {
      llama,
      model,
      context,
      chatWrapper: resolveChatWrapper(model),
      modelName,
      modelPath,
      threads: context.idealThreads,
      proseFirst,
      cpuOnly: llama.gpu === false,
    };
  } catch (error) {
    await llama.dispose();
    throw new LlmError('provider', `cannot load ${modelPath}: ${errorMessage(error)}`, undefined, { cause: error });
  }
}

export async function disposeLocalRuntime(runtime: LocalRuntime): Promise<void> {
  await runtime.context.dispose();
  await runtime.model.dispose();
  await runtime.llama.dispose();
}

async function resolveModelPath(modelPath: string, modelsDir: string | undefined): Promise<string> {
  if (!isAbsolute(modelPath) && modelsDir === undefined) {
    throw new LlmError('config', `model path "${modelPath}" is relative but no models folder is known`);
  }
  const resolved = isAbsolute(modelPath) ? modelPath : resolve(modelsDir ?? '', modelPath);
  try {
    await access(resolved);
  } catch {
    throw new LlmError('config', `model file not found: ${resolved}`);
  }
  return resolved;
}
