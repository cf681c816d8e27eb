import { availableParallelism } from 'node:os';
import type { EngineHandlers, ThreadsSetting } from '../../api/index.ts';
import { EngineError } from '../../api/index.ts';
import type { HostContext } from '../context.ts';

type ModelMethods = 'models.list' | 'models.download' | 'models.cancelDownload' | 'models.bench';

/** node-llama-cpp is loaded only when a models method is first used, so opening the app stays fast. */
const loadModels = () => import('../../llm/models/index.ts');

export function modelsHandlers(context: HostContext): Pick<EngineHandlers, ModelMethods> {
  const downloads = new Map<string, AbortController>();
  // One measurement at a time: two would share the cores and measure each other.
  let measuring: Promise<unknown> = Promise.resolve();
  const modelsDir = context.ports.roots.models[0];
  return {
    'models.list': async () => {
      const { scanModels, loadCatalog, readModelSpeeds, speedFileIn } = await loadModels();
      const local = await scanModels(context.ports.roots.models);
      return {
        local,
        catalog: await loadCatalog(...(context.catalogFile === null ? [] : [context.catalogFile])),
        speeds: await readModelSpeeds(
          speedFileIn(context.ports.roots.home),
          local.map((model) => model.path),
        ),
        cpuCores: availableParallelism(),
      };
    },
    'models.bench': async ({ path }) => {
      const { speedFileIn } = await loadModels();
      const { measureModel } = await import('../model-speed/index.ts');
      const measure = () =>
        measureModel({
          config: { kind: 'local', modelPath: path, gpu: 'auto', threads: configuredThreads(context) },
          provider: modelsDir === undefined ? {} : { modelsDir },
          builtinStories: context.ports.roots.builtinStories,
          speedFile: speedFileIn(context.ports.roots.home),
          appVersion: context.appVersion,
          onStep: (step) => context.events.emit({ type: 'model.bench', path, step }),
        });
      const measurement = measuring.then(measure, measure);
      measuring = measurement;
      return (await measurement).saved;
    },
    'models.download': async ({ uri }) => {
      if (modelsDir === undefined) throw new EngineError('internal', 'no models folder is configured');
      const { downloadModel } = await loadModels();
      const downloadId = context.ports.ids.next();
      const controller = new AbortController();
      downloads.set(downloadId, controller);
      void downloadModel({
        uri,
        directory: modelsDir,
        downloadId,
        signal: controller.signal,
        onProgress: (progress) => context.events.emit({ type: 'model.download', progress }),
      })
        .catch(() => {
          // Failures are reported to clients as a 'failed' progress event by downloadModel itself.
        })
        .finally(() => downloads.delete(downloadId));
      return { downloadId };
    },
    'models.cancelDownload': async ({ downloadId }) => {
      const controller = downloads.get(downloadId);
      controller?.abort();
      return { cancelled: controller !== undefined };
    },
  };
}

/** The threads the player set for local models (the default provider's), so the figures measure what plays. */
function configuredThreads(context: HostContext): ThreadsSetting {
  const provider = context.settings.get().llm.default;
  return provider?.kind === 'local' ? provider.threads : 'auto';
}
