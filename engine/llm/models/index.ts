export { scanModels } from './scan-models.ts';
export { describeModelFile } from './describe-model.ts';
export { downloadModel, type DownloadModelOptions, type DownloadModelResult } from './download-model.ts';
export { catalogSchema, DEFAULT_CATALOG_PATH, loadCatalog } from './catalog.ts';
export {
  readModelSpeeds,
  readModelSpeed,
  saveModelSpeed,
  speedFileIn,
  type MeasuredSpeed,
  type StoryTurnEstimate,
} from './model-speeds.ts';
