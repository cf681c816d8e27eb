// Prompt-size benchmarks (issue 13): a long story must not outgrow the model. Lantern Quay is played turn after turn
// with a zero-latency provider whose Lore Extractor learns one new fact every turn; the Narrator's prompt is counted
// at every call and must stay within its budget on an 8,192-token context (the growth curve is reported with it).
import { performance } from 'node:perf_hooks';
import type { LlmMessage, LlmObjectRequest, LlmProvider } from '../../engine/llm/index.ts';
import { promptBudget } from '../../engine/stage-call/index.ts';
import { createInstantProvider } from '../support/instant-provider.ts';
import { startPlay, unwrap } from '../support/playthrough.ts';
import { atMost, type Benchmark, type BenchmarkResult } from './types.ts';

/** `PROMPT_TURNS=300 npm run -s bench -- --only prompt.` plays fewer turns on a slow machine. */
const TURNS = Number(process.env.PROMPT_TURNS ?? 1000);
const CHECKPOINTS = [2, 10, 100, 300, 1000];
const NARRATOR_MAX_TOKENS = 1200;
const ACTIONS = [
  'I look around the taproom.',
  'I ask the landlady about the harbour.',
  'I listen to the talk at the bar.',
  'I watch the door to the quay.',
];

/** The instant provider, but its Lore Extractor learns a new fact each time it is asked. */
function learningProvider(narratorTokens: (messages: readonly LlmMessage[]) => void): LlmProvider {
  const base = createInstantProvider();
  let learned = 0;
  return {
    ...base,
    async generateObject<T>(request: LlmObjectRequest<T>) {
      if (request.stage === 'narrator') narratorTokens(request.messages);
      if (request.stage !== 'lore_extractor') return base.generateObject(request);
      learned++;
      const facts = {
        facts: [
          { key: `custom ${learned}`, content: `The quay keeps custom number ${learned}: a lantern for a debt.` },
        ],
        summary: 'one custom learned',
      };
      const result = await base.generateObject(request);
      return { ...result, text: JSON.stringify(facts), value: request.schema.parse(facts) };
    },
  };
}

const narratorTokensBenchmark: Benchmark = {
  key: 'prompt.narrator_tokens_turn_1000',
  run: async (): Promise<BenchmarkResult> => {
    const budget = promptBudget(createInstantProvider(), NARRATOR_MAX_TOKENS);
    let turnMax = 0;
    const counting: Promise<void>[] = [];
    const provider = learningProvider((messages) => {
      counting.push(
        budget.count(messages).then((tokens) => {
          turnMax = Math.max(turnMax, tokens);
        }),
      );
    });
    const setup = await startPlay(async () => provider);
    try {
      const save = unwrap(await setup.api['saves.create']({ packId: 'lantern-quay', seed: 7 }));
      const perTurn: number[] = [];
      const started = performance.now();
      for (let turn = 1; turn <= TURNS; turn++) {
        turnMax = 0;
        const text = ACTIONS[turn % ACTIONS.length] ?? 'I wait.';
        const result = unwrap(await setup.api['play.submit']({ saveId: save.id, text }));
        if (result.kind !== 'turn') throw new Error(`turn ${turn} did not commit: ${JSON.stringify(result)}`);
        await Promise.all(counting.splice(0));
        perTurn.push(turnMax);
      }
      const over = perTurn.filter((tokens) => tokens > budget.limit).length;
      if (over > 0)
        throw new Error(`the Narrator's prompt went over its ${budget.limit}-token budget in ${over} turns`);
      const growth = Object.fromEntries(
        CHECKPOINTS.filter((at) => at <= TURNS).map((at) => [`turn${at}`, perTurn[at - 1] ?? 0]),
      );
      return {
        median: perTurn.at(-1) ?? 0,
        unit: 'tokens',
        ...atMost(budget.limit),
        context: budget.context,
        turns: TURNS,
        max: Math.max(...perTurn),
        growth,
        wallSeconds: Math.round((performance.now() - started) / 100) / 10,
      };
    } finally {
      await setup.cleanup();
    }
  },
};

export const benchmarks: readonly Benchmark[] = [narratorTokensBenchmark];
