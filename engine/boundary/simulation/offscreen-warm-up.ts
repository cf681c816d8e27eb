import type { StageKind } from '../../api/index.ts';
import type { LlmMessage } from '../../llm/index.ts';
import { chooseWindow, DEFAULT_PLANNER_SETTINGS } from '../../npc/index.ts';
import type { StoryPack } from '../../pack/index.ts';
import type { PromptBook } from '../../prompts/index.ts';
import type { BoundaryInput } from '../snapshot.ts';
import type { CallSettings } from '../contract.ts';
import { INTENT_CHECK, intentCheckPrompts } from './intent-checks.ts';
import { STANDALONE_SIMULATION, standaloneSimulationPrompt } from './live-period.ts';
import { readOffscreenScene } from './offscreen-scene.ts';
import { cohortCandidate, cycleRoster, planCycle } from './plan.ts';

/** One prompt a scene's close would send, to be put through the model ahead of it. */
export interface WarmUpPrompt {
  readonly stage: StageKind;
  readonly principal: string;
  readonly messages: LlmMessage[];
  /**
   * The call's settings, when the prompt is the very one a close now would send: its answer can be generated ahead,
   * not just its prompt evaluated (LlmProvider.answerAhead).
   */
  readonly call?: CallSettings<unknown>;
}

/**
 * While the player reads: the IntentCheck and StandaloneSimulation prompts of off-screen propagation, as the scene's
 * close would send them if the scene closed now (`input`: the snapshot such a close would take). Their sheets are
 * their longest part (≈ 1,500 tokens each at Lantern Quay) and barely change within a scene, but a boundary's
 * stages come once a scene, so none of it is cached when the scene closes; the next scene waits on them. Every
 * character who would live the period if anyone did is warmed (the planner simulates all of them or none); a period
 * that would not start now is taken at the default length, as only the lines after the sheet tell it. When the close
 * now would simulate, the prompts are exactly its own (they barely change within a scene), so their answers are asked
 * ahead: the close then waits for none of them.
 */
export function offscreenWarmUps(prompts: PromptBook, pack: StoryPack, input: BoundaryInput): readonly WarmUpPrompt[] {
  const scene = readOffscreenScene(input);
  const plan = planCycle(pack, scene, cycleRoster(scene));
  const window = plan.window ?? chooseWindow(scene.now, DEFAULT_PLANNER_SETTINGS);
  const exact = plan.window !== null;
  const settings = (call: CallSettings<unknown>) => (exact ? { call } : {});
  const living = plan.decisions.flatMap((decision) => {
    const character = pack.characters.find((candidate) => candidate.id === decision.character);
    return decision.action === 'skip' || character === undefined ? [] : [character];
  });
  const book = { pack, prompts };
  const candidates = living.map((character) => cohortCandidate(pack, scene, character));
  return [
    ...intentCheckPrompts(book, scene, window, candidates).map(({ character, messages }): WarmUpPrompt => ({
      stage: 'intent_check',
      principal: character,
      messages,
      ...settings(INTENT_CHECK),
    })),
    ...living.map((character): WarmUpPrompt => ({
      stage: 'standalone_simulation',
      principal: character.id,
      messages: standaloneSimulationPrompt(book, scene, window, character),
      ...settings(STANDALONE_SIMULATION),
    })),
  ];
}
