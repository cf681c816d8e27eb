import type { EngineHandlers } from '../../api/index.ts';
import { EngineError } from '../../api/index.ts';
import type { HostContext } from '../context.ts';

type ModelMethods = 'models.list' | 'models.download' | 'models.cancelDownload';

/** node-llama-cpp is loaded only when a models method is first used, so opening the app stays fast. */
const loadModels = () => import('../../llm/models/index.ts');

export function modelsHandlers(context: HostContext): Pick<EngineHandlers, ModelMethods> {
  const downloads = new Map<string, AbortController>();
  const modelsDir = context.ports.roots.models[0];
  return {
    'models.list': async () => {
      const { scanModels, loadCatalog } = await loadModels();
      return {
        local: await scanModels(context.ports.roots.models),
        catalog: await loadCatalog(...(context.catalogFile === null ? [] : [context.catalogFile])),
      };
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
