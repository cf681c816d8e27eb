import { createStore } from 'zustand/vanilla';
import type {
  CatalogModel,
  ConnectionCheck,
  DownloadProgress,
  EngineClient,
  EngineEvent,
  LocalModelInfo,
  MeasuredModelSpeed,
  ParamsOf,
  StageKind,
} from '../engine.ts';

/** A provider as the settings file takes it (defaults filled in by the engine). */
export type ProviderInput = ParamsOf<'llm.testConnection'>['provider'];

export type ConnectionTest =
  | { readonly state: 'idle' }
  | { readonly state: 'testing' }
  | { readonly state: 'ok'; readonly check: ConnectionCheck }
  | { readonly state: 'failed'; readonly message: string };

interface Routing {
  default: ProviderInput | null;
  stages: Partial<Record<StageKind, ProviderInput>>;
}

export type SlowNotice = Omit<Extract<EngineEvent, { type: 'llm.slow' }>, 'type'>;

export interface ModelState {
  readonly local: readonly LocalModelInfo[];
  /** What `models bench` measured here, by model path. */
  readonly speeds: Readonly<Record<string, MeasuredModelSpeed>>;
  /** Cores the engine may use ("auto" threads); null until the models are listed. */
  readonly cpuCores: number | null;
  /** Models being measured, with the step under way, by path. */
  readonly measuring: Readonly<Record<string, string>>;
  /** The latest warning that local generation runs far below its measured speed. */
  readonly slow: SlowNotice | null;
  readonly catalog: readonly CatalogModel[];
  /** The latest progress of each download started in this window, by the model's URI. */
  readonly downloads: Readonly<Record<string, DownloadProgress>>;
  readonly test: ConnectionTest;
  readonly saved: boolean;
  readonly error: string | null;
  loadModels(): Promise<void>;
  testConnection(provider: ProviderInput): Promise<void>;
  /** Makes the provider the default for every stage, keeping per-stage overrides. */
  saveDefault(provider: ProviderInput): Promise<void>;
  /** Routes one stage kind to its own provider, or back to the default with null. */
  saveStage(stage: StageKind, provider: ProviderInput | null): Promise<void>;
  /** Starts a download, or resumes one that was cancelled (the engine keeps the partial file). */
  download(uri: string, fileName: string): Promise<void>;
  cancelDownload(uri: string): Promise<void>;
  /** A `model.download` event. */
  onProgress(progress: DownloadProgress): void;
  /** Measures a local model on this machine (about a minute) and keeps its figures. */
  measure(path: string): Promise<void>;
  /** A `model.bench` or `llm.slow` event. */
  onSpeedEvent(event: Extract<EngineEvent, { type: 'model.bench' | 'llm.slow' }>): void;
}

export type ModelStore = ReturnType<typeof createModelStore>;

/** Choosing the model: local .gguf files, the catalog to download from, or a remote endpoint checked first. */
export function createModelStore(api: EngineClient) {
  return createStore<ModelState>()((set, get) => {
    const putProgress = (progress: DownloadProgress) =>
      set({ downloads: { ...get().downloads, [progress.uri]: progress } });
    const saveLlm = async (change: (llm: Routing) => void) => {
      const current = await api['settings.get']();
      if (!current.ok) return set({ error: current.error.message, saved: false });
      const llm: Routing = { default: current.value.llm.default, stages: { ...current.value.llm.stages } };
      change(llm);
      const saved = await api['settings.update']({ llm });
      set(saved.ok ? { saved: true, error: null } : { saved: false, error: saved.error.message });
    };
    return {
      local: [],
      speeds: {},
      cpuCores: null,
      measuring: {},
      slow: null,
      catalog: [],
      downloads: {},
      test: { state: 'idle' },
      saved: false,
      error: null,
      async loadModels() {
        const models = await api['models.list']();
        set(models.ok ? { ...models.value, error: null } : { error: models.error.message });
      },
      async testConnection(provider) {
        set({ test: { state: 'testing' } });
        const check = await api['llm.testConnection']({ provider });
        set({
          test: check.ok ? { state: 'ok', check: check.value } : { state: 'failed', message: check.error.message },
        });
      },
      saveDefault: (provider) =>
        saveLlm((llm) => {
          llm.default = provider;
        }),
      saveStage: (stage, provider) =>
        saveLlm((llm) => {
          const others = Object.entries(llm.stages).filter(([kind]) => kind !== stage);
          llm.stages = Object.fromEntries(provider === null ? others : [...others, [stage, provider]]);
        }),
      async download(uri, fileName) {
        const before = get().downloads[uri];
        putProgress({
          downloadId: '',
          uri,
          fileName,
          downloadedBytes: before?.downloadedBytes ?? 0,
          totalBytes: before?.totalBytes ?? null,
          bytesPerSecond: null,
          state: 'downloading',
        });
        const started = await api['models.download']({ uri });
        if (!started.ok) {
          const latest = get().downloads[uri];
          if (latest !== undefined) putProgress({ ...latest, state: 'failed', error: started.error.message });
          return;
        }
        const latest = get().downloads[uri];
        if (latest !== undefined && latest.downloadId === '') {
          putProgress({ ...latest, downloadId: started.value.downloadId });
        }
      },
      async cancelDownload(uri) {
        const progress = get().downloads[uri];
        if (progress === undefined || progress.downloadId === '') return;
        const cancelled = await api['models.cancelDownload']({ downloadId: progress.downloadId });
        if (!cancelled.ok) return set({ error: cancelled.error.message });
        const latest = get().downloads[uri];
        if (latest?.state === 'downloading') putProgress({ ...latest, state: 'cancelled', bytesPerSecond: null });
      },
      onProgress(progress) {
        putProgress(progress);
        if (progress.state === 'done') void get().loadModels();
      },
      async measure(path) {
        set({ measuring: { ...get().measuring, [path]: 'starting' } });
        const measured = await api['models.bench']({ path });
        const { [path]: _done, ...others } = get().measuring;
        set(
          measured.ok
            ? { measuring: others, speeds: { ...get().speeds, [path]: measured.value }, error: null }
            : { measuring: others, error: measured.error.message },
        );
      },
      onSpeedEvent(event) {
        if (event.type === 'llm.slow') {
          const { type: _type, ...notice } = event;
          return set({ slow: notice });
        }
        if (get().measuring[event.path] !== undefined)
          set({ measuring: { ...get().measuring, [event.path]: event.step } });
      },
    };
  });
}
