import type { InWorldMinute } from '../in-world-time.ts';
import { compareIds } from '../order.ts';
import { freshnessOf, type PlannerCharacter } from './freshness.ts';
import { chooseWindow, type LikelyEncounter, type NaturalBreak, type SimulationWindow } from './period.ts';
import { DEFAULT_PLANNER_SETTINGS, type PlannerSettings } from './settings.ts';

export type LikelyAppearance = { readonly character: string; readonly why: string };

export type PlannerInput = {
  /** When the scene ended: simulated periods start here. */
  readonly now: InWorldMinute;
  /**
   * When the world resumes, if later (a `/skip` or a journey moved the clock on before the next scene opens). Who is
   * stale is judged then, and the period lasts at least until then (up to maxPeriod): the skipped hours are lived.
   */
  readonly resumesAt?: InWorldMinute;
  readonly characters: readonly PlannerCharacter[];
  readonly presentInEndedScene: readonly string[];
  /** From the MC's location and trajectory, active threads, recent narrative direction; any tier. */
  readonly likelyToAppear: readonly LikelyAppearance[];
  readonly naturalBreak?: NaturalBreak;
  readonly likelyEncounter?: LikelyEncounter;
  readonly settings?: Partial<PlannerSettings>;
};

/** `wait`: eligible, but nothing triggered a simulation this cycle. */
export type CharacterDecision = {
  readonly character: string;
  readonly action: 'simulate' | 'skip' | 'wait';
  readonly reasons: readonly string[];
};

export type SimulationPlan = {
  readonly simulate: boolean;
  /** Why the cycle simulates or not, for the debug panel. */
  readonly reasons: readonly string[];
  readonly window: SimulationWindow | null;
  /** One decision per arc_important character, by id. */
  readonly decisions: readonly CharacterDecision[];
  readonly simulated: readonly string[];
  /** Significant characters likely to appear: OffscreenInference runs for them before the next scene. */
  readonly significantForInference: readonly LikelyAppearance[];
};

/**
 * The SimulationPlanner's rules (npc-simulation.md, "Simulation Timing"). A simulation lives through a window that
 * starts now; `lastSimulatedAt` is when a character's last one started, so with the default period a character turns
 * stale just as its simulated time runs out.
 *
 * Triggers count only eligible characters: one who is skipped as up to date has nothing to catch up on, so it must not
 * drag the rest into a simulation. When a trigger fires, every eligible arc_important character is simulated
 * (all-or-nothing), so they all live in the same time and no one runs ahead of another.
 */
export function planSimulation(input: PlannerInput): SimulationPlan {
  const settings = { ...DEFAULT_PLANNER_SETTINGS, ...input.settings };
  const present = new Set(input.presentInEndedScene);
  const likely = new Map<string, string>();
  for (const item of input.likelyToAppear) if (!likely.has(item.character)) likely.set(item.character, item.why);

  const judgedAt = Math.max(input.now, input.resumesAt ?? input.now);
  const arc = input.characters.filter((c) => c.tier === 'arc_important').sort((a, b) => compareIds(a.id, b.id));
  const assessed = arc.map((character) => {
    const freshness = freshnessOf(character, judgedAt, present, settings);
    const likelyWhy = likely.get(character.id);
    const triggers: string[] = [];
    if (freshness.eligible && freshness.stale) triggers.push(freshness.reason);
    if (freshness.eligible && likelyWhy !== undefined) triggers.push(`likely to appear: ${likelyWhy}`);
    return { id: character.id, freshness, triggers };
  });

  const triggered = assessed.filter((item) => item.triggers.length > 0);
  const simulate = triggered.length > 0;
  const decisions = assessed.map((item): CharacterDecision => {
    if (!item.freshness.eligible) return { character: item.id, action: 'skip', reasons: [item.freshness.reason] };
    if (!simulate) return { character: item.id, action: 'wait', reasons: [item.freshness.reason] };
    const reasons = item.triggers.length > 0 ? item.triggers : [item.freshness.reason, 'all-or-nothing: kept in step'];
    return { character: item.id, action: 'simulate', reasons };
  });

  return {
    simulate,
    reasons: simulate
      ? triggered.map((item) => `${item.id}: ${item.triggers.join('; ')}`)
      : ['no eligible arc_important character is stale or likely to appear'],
    window: simulate
      ? chooseWindow(input.now, settings, naturalBreakOf(input, judgedAt, settings), input.likelyEncounter)
      : null,
    decisions,
    simulated: decisions.filter((d) => d.action === 'simulate').map((d) => d.character),
    significantForInference: significantForInference(input.characters, likely, present),
  };
}

/** The caller's natural break, else the end of skipped time that runs past the default period. */
function naturalBreakOf(
  input: PlannerInput,
  judgedAt: InWorldMinute,
  settings: PlannerSettings,
): NaturalBreak | undefined {
  if (input.naturalBreak !== undefined) return input.naturalBreak;
  return judgedAt > input.now + settings.defaultPeriod
    ? { at: judgedAt, label: 'the end of the time skipped' }
    : undefined;
}

/** A significant character who was just in the scene is already current; inference would only repeat it. */
function significantForInference(
  characters: readonly PlannerCharacter[],
  likely: ReadonlyMap<string, string>,
  present: ReadonlySet<string>,
): readonly LikelyAppearance[] {
  return characters
    .filter((c) => c.tier === 'significant' && likely.has(c.id) && !present.has(c.id))
    .map((c) => ({ character: c.id, why: likely.get(c.id) ?? '' }))
    .sort((a, b) => compareIds(a.character, b.character));
}
