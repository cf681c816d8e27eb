import type { ContextCandidateView, ContextView } from '../../api/index.ts';
import { assembleRetrievedTier } from '../assemble-retrieved-tier.ts';
import { sceneTemperature } from './scene-temperature.ts';
import type { CandidateSource } from '../candidate.ts';
import type { StorykeeperConfig } from '../defaults.ts';
import { contextCandidates, type CandidateInputs } from './context-candidates.ts';
import { loreSettings, preambleLore } from './lore.ts';

/** One candidate of the retrieved tier as `inspect context` and the context panel show it. */
export type ContextCandidateReport = ContextCandidateView;
export type ContextReport = Omit<ContextView, 'turn' | 'classified'>;

export interface RetrievedContext {
  /** The Narrator's Tier 3: structured narrative facts, one line each, by rank (mandatory first). */
  readonly lines: readonly string[];
  readonly report: ContextReport;
}

const SOURCE_LABEL: Record<CandidateSource, string> = {
  entity: 'who and what',
  emotional: 'feeling',
  gravitational: 'weight',
  sub_graph: 'resonance',
  revelation: 'now known',
  echo: 'echo',
  lore: 'lore',
};

/** Tier 3 for one Narrator call: the candidate pool scored against the landscape and trimmed to the budget. */
export function retrievedContext(inputs: CandidateInputs, config: StorykeeperConfig): RetrievedContext {
  const preamble =
    inputs.lore === undefined
      ? {}
      : { preamble: preambleLore(inputs.lore.constant, loreSettings(inputs.pack).constantBudget) };
  const candidates = contextCandidates(inputs);
  const temperature = sceneTemperature(inputs.landscape);
  const selection = assembleRetrievedTier(candidates, inputs.landscape.landscape, { temperature }, config);
  const dropped = new Map(selection.dropped.map(({ item, reason }) => [item.id, reason]));
  const chosen = new Set(selection.selected.map((item) => item.id));
  const all = [...selection.selected, ...selection.dropped.map(({ item }) => item)];
  return {
    lines: selection.selected.map((item) => `- (${SOURCE_LABEL[item.candidate.source]}) ${item.candidate.text}`),
    report: {
      budget: selection.budget,
      tokens: selection.tokens,
      overBudget: selection.overBudget,
      candidates: all.map((item) => ({
        id: item.id,
        source: item.candidate.source,
        text: item.boundary === 'withheld' || item.boundary === 'hard_boundary' ? '' : item.candidate.text,
        tokens: item.tokens,
        boundary: item.boundary,
        factors: item.factors,
        score: item.score,
        mandatory: item.mandatory,
        selected: chosen.has(item.id),
        dropped: dropped.get(item.id) ?? null,
        ...(item.candidate.activation === undefined ? {} : { activation: item.candidate.activation }),
      })),
      ...preamble,
    },
  };
}
