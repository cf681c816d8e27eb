export { measureModel, type MeasureModelOptions, type ModelMeasurement } from './measure-model.ts';
