import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { GgufFileType, GgufInsights, readGgufFileInfo } from 'node-llama-cpp';
import type { LocalModelInfo } from '../../api/index.ts';
import { errorMessage } from '../../api/index.ts';

/** The RAM estimate assumes the provider's default per-sequence context cap, for one sequence. */
const ESTIMATE_CONTEXT_CAP = 8192;

/** Reads one .gguf file's metadata. Never throws: an unreadable file comes back with `error` set. */
export async function describeModelFile(path: string): Promise<LocalModelInfo> {
  const empty: LocalModelInfo = {
    path,
    fileName: basename(path),
    sizeBytes: 0,
    architecture: null,
    name: null,
    parameters: null,
    quantization: null,
    contextLength: null,
    ramEstimateBytes: null,
    error: null,
  };
  let sizeBytes = 0;
  try {
    sizeBytes = (await stat(path)).size;
    const info = await readGgufFileInfo(path, { sourceType: 'filesystem', readTensorInfo: true, logWarnings: false });
    const insights = await GgufInsights.from(info);
    const general = info.metadata.general;
    const contextLength = insights.trainContextSize ?? null;
    return {
      ...empty,
      sizeBytes,
      architecture: general?.architecture ?? null,
      name: general?.name ?? null,
      parameters: insights.totalParameters > 0 ? insights.totalParameters : null,
      quantization: quantizationName(general?.file_type),
      contextLength,
      ramEstimateBytes: estimateRam(insights, contextLength),
    };
  } catch (error) {
    const reason = errorMessage(error);
    return { ...empty, sizeBytes, error: `not a readable GGUF model: ${reason}` };
  }
}

/** "MOSTLY_Q4_K_M" → "Q4_K_M", "ALL_F32" → "F32". */
function quantizationName(fileType: number | undefined): string | null {
  if (fileType === undefined) return null;
  const name: string | undefined = GgufFileType[fileType];
  return name === undefined ? `type ${fileType}` : name.replace(/^(MOSTLY|ALL)_/u, '');
}

function estimateRam(insights: GgufInsights, contextLength: number | null): number | null {
  try {
    const contextSize = Math.min(contextLength ?? ESTIMATE_CONTEXT_CAP, ESTIMATE_CONTEXT_CAP);
    const model = insights.estimateModelResourceRequirements({ gpuLayers: 0 });
    const context = insights.estimateContextResourceRequirements({ contextSize, modelGpuLayers: 0, sequences: 1 });
    return Math.round(model.cpuRam + context.cpuRam);
  } catch {
    return null; // architectures node-llama-cpp cannot estimate still get listed
  }
}
