export { measureModel, type MeasureModelOptions, type ModelMeasurement } from './measure-model.ts';
export {
  readAllModelSpeeds,
  readModelSpeed,
  speedFileIn,
  type MeasuredSpeed,
  type StoryTurnEstimate,
} from './speed-file.ts';
