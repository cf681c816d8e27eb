import { useStore } from 'zustand';
import type { ModelStore } from '../stores/model-store.ts';
import type { LocalMachine } from './local-machine.ts';

/** The model store's view of this machine, for the model pickers. */
export function useLocalMachine(models: ModelStore): LocalMachine {
  const speeds = useStore(models, (state) => state.speeds);
  const cpuCores = useStore(models, (state) => state.cpuCores);
  const measuring = useStore(models, (state) => state.measuring);
  return { speeds, cpuCores, measuring, onMeasure: (path) => void models.getState().measure(path) };
}
