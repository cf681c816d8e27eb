import type { MeasuredModelSpeed, ParamsOf } from '../engine.ts';

type LocalInput = Extract<ParamsOf<'llm.testConnection'>['provider'], { kind: 'local' }>;
export type ThreadsSetting = NonNullable<LocalInput['threads']>;

/** What the model pickers show of this machine: measured speeds, its cores, and measuring under way. */
export interface LocalMachine {
  readonly speeds: Readonly<Record<string, MeasuredModelSpeed>>;
  readonly cpuCores: number | null;
  readonly measuring: Readonly<Record<string, string>>;
  readonly onMeasure: (path: string) => void;
}
