import { availableParallelism } from 'node:os';
import type { ThreadsSetting } from '../config.ts';

/** What the machine offers this process, as the two sources see it. */
export interface CpuFacts {
  /** llama.cpp's count of cores useful for math (physical performance cores). */
  readonly mathCores: number;
  /** `os.availableParallelism()`: the cores this process may really use (CPU affinity, container limits). */
  readonly availableParallelism: number;
}

/**
 * Threads for CPU inference. node-llama-cpp's own default is max(4, math cores): on a machine with fewer than four
 * usable cores llama.cpp then runs more threads than cores, they spin-wait on each other at every token and
 * generation collapses about 35-fold. "auto" never asks for more threads than the process may run at once.
 */
export function resolveThreads(setting: ThreadsSetting, cpu: CpuFacts): number {
  if (setting !== 'auto') return Math.max(1, Math.floor(setting));
  const usable = Math.min(positiveOr(cpu.mathCores, cpu.availableParallelism), cpu.availableParallelism);
  return Math.max(1, Math.floor(usable));
}

/** The process's usable cores, from Node (affinity- and cgroup-aware). */
export function processParallelism(): number {
  return availableParallelism();
}

/** llama.cpp reports 0 math cores on some platforms it cannot probe: then only Node's count is known. */
function positiveOr(value: number, fallback: number): number {
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
