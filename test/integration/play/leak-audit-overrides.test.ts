import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngineClient, createInProcessTransport } from '../../../engine/api/index.ts';
import { TURN_STAGES } from '../../../engine/api/stages.ts';
import { createEngine, type Engine } from '../../../engine/host/index.ts';
import { createScriptedProvider } from '../../../engine/llm/index.ts';
import { loadPack, readInputsFile } from '../../../engine/pack/index.ts';
import { rootsFor } from '../../../engine/platform/index.ts';
import { countingIds, fixedSeedRng, manualClock } from '../../../engine/platform/testing.ts';
import { openSave } from '../../../engine/store/index.ts';
import { DEFAULT_TEMPLATES } from '../../../engine/prompts/index.ts';
import { auditKnowledge, auditPrompt, readAuditedSave } from '../../support/leak-audit.ts';
import { playAll, STORIES_DIR, unwrap } from '../../support/playthrough.ts';

/**
 * Issue 24, item 1: a modder's override of every turn stage's template that prints every template variable of
 * pipeline-rules.md (and the engine's own), so the leak audit reads all of them, not only what the default templates
 * happen to print. Whatever a variable holds must come from its principal's view.
 */
const PRINT_EVERYTHING = `ALL VARIABLES
{{story.title}} {{story.description}} {{story.language}} {{story.genre}} {{story.voice}}
{{#each story.constraints}}{{this}}
{{/each}}{{player_name}} {{player.id}} {{player.description}}
{{#each player.states}}{{name}} ({{category}}, {{level}}) {{is_manifest}} {{is_subconscious}}
{{/each}}{{#each player.state_lines}}{{this}}
{{/each}}{{char.id}} {{char.name}} {{char.description}} {{char.personality}} {{char.voice.style}}
{{#each char.voice.examples}}{{this}}
{{/each}}{{char.states}} | {{char.all_states}} | {{char.knowledge}} | {{char.profile}} | {{char.offstage}}
{{chars.summary}} | {{chars.arrived}} | {{chars.states}}
{{location.name}} {{location.description}}
{{lore.text}} | {{lore.learned}} | {{knowledge.world}} | {{knowledge.own}}
::user::
{{#each msgs}}{{line}}
{{/each}}{{#each history}}{{line}}
{{/each}}{{#each inner}}{{line}}
{{/each}}Turn {{turn.number}}, narrated so far: {{turn.narration}}
{{cue.mood}} {{cue.context}}
{{guidance.silence}} This cannot happen: {{guidance.constraint}} {{guidance.directions}} {{guidance.retrieved}} {{guidance.understood}}
{{guidance.opening}} {{guidance.importance}} {{journal.earlier}} {{limits.history}}
Intention to resolve — {{intention.owner_name}}{{#if intention.whisper_to}} (whispered, for {{intention.whisper_to}} alone){{/if}}: {{intention.content}}`;

const homes: string[] = [];
const engines: Engine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.dispose();
  for (const home of homes.splice(0)) await rm(home, { recursive: true, force: true });
});

/** The arrival of Lantern Quay played on a copy of the pack with these prompt overrides (stage → template). */
async function playArrivalWith(overrides: { readonly [stage: string]: string }) {
  const home = await mkdtemp(path.join(os.tmpdir(), 'storyloom-overrides-'));
  homes.push(home);
  const stories = path.join(home, 'stories');
  const packDir = path.join(stories, 'lantern-quay');
  await cp(path.join(STORIES_DIR, 'lantern-quay'), packDir, { recursive: true });
  await mkdir(path.join(packDir, 'prompts'), { recursive: true });
  for (const [stage, template] of Object.entries(overrides))
    await writeFile(path.join(packDir, 'prompts', `${stage}.hbs`), template);

  const fixtures = path.join(packDir, 'fixtures');
  const provider = await createScriptedProvider({ file: path.join(fixtures, 'arrival.yaml') });
  const file = await readInputsFile(path.join(fixtures, 'arrival.inputs'));
  const engine = await createEngine({
    ports: { clock: manualClock(), ids: countingIds(), rng: fixedSeedRng(), roots: rootsFor(home, stories) },
    appVersion: '0.1.0',
    platform: 'linux',
    llmOverride: { kind: 'scripted', file: 'test' },
    createProvider: async () => provider,
  });
  engines.push(engine);
  const { api } = createEngineClient(createInProcessTransport(engine));
  const created = unwrap(await api['saves.create']({ packId: 'lantern-quay', personaId: 'sam-fairweather', seed: 16 }));
  const { saveId, results } = await playAll(api, created.id, file.inputs);
  expect(results.filter((result) => result.kind === 'failed')).toEqual([]);

  const { pack } = await loadPack(packDir, { appVersion: '0.1.0' });
  if (pack === null) throw new Error('the copied lantern-quay does not load');
  const store = await openSave(path.join(home, 'saves', saveId), { clock: manualClock(), appVersion: '0.1.0' }, 'read');
  const audited = readAuditedSave(store, pack);
  store.close();
  return audited;
}

describe('the leak audit over every template variable', () => {
  it('finds nothing in any prompt of the arrival played with a pack override printing them all', async () => {
    const { pack, stream, calls, knowledge, personaId, guarded } = await playArrivalWith(
      Object.fromEntries(TURN_STAGES.map((stage) => [stage, PRINT_EVERYTHING])),
    );

    // The overrides were used by every turn stage, and the arrival has whispered lines for the audit to look for.
    const printed = new Set(
      calls.filter((call) => call.prompt[0]?.content.startsWith('ALL VARIABLES')).map((c) => c.stage),
    );
    expect([...printed].sort()).toEqual([...TURN_STAGES].filter((stage) => stage !== 'persona_intent').sort());
    const whispered = stream.filter((message) => JSON.stringify(message.meta).includes('"whispered":true'));
    expect(whispered.length).toBeGreaterThan(1);
    // Magdalen acts in the whispered turn: her prompts are where `turn.narration` used to carry the whisper.
    const whisperTurn = whispered[0]?.turnNumber;
    const magdalen = calls.filter((call) => call.principal === 'magdalen-rook' && call.stage === 'npc_intent');
    expect(magdalen.length).toBeGreaterThan(0);
    expect(stream.some((message) => message.turnNumber === whisperTurn && message.owner === 'magdalen-rook')).toBe(
      true,
    );

    expect(calls.flatMap((call) => auditPrompt(call, stream, pack))).toEqual([]);
    expect(calls.flatMap((call) => auditKnowledge(call, knowledge, personaId))).toEqual([]);
    // Every variable, Magdalen's and Kit's own knowledge of Pell's fate among them, holds no gate's fact for another.
    expect(guarded).toEqual([]);
  }, 120_000);

  it('catches a guarded fact paraphrased into a prompt, which the whole-fact match alone would miss', async () => {
    // A modder's Narrator template repeats the quay's rumour: pells_fate's first fact in other words.
    const rumour = 'Rumour on the quay: the riding officer washed up at the cove on 16 August, his skull broken in.';
    const { pack, calls, guarded } = await playArrivalWith({ narrator: `${DEFAULT_TEMPLATES.narrator}\n${rumour}` });
    const fact = pack.narrative.gates.find((gate) => gate.id === 'pells_fate')?.facts[0] ?? '';
    const narrator = calls.filter((call) => call.stage === 'narrator');
    expect(narrator.length).toBeGreaterThan(0);
    expect(narrator.every((call) => !call.prompt.some((message) => message.content.includes(fact)))).toBe(true);
    // Every Narrator call gave it away (the gate never opened in the arrival), and nothing else did.
    expect(guarded).toHaveLength(narrator.length);
    expect(guarded[0]).toEqual({
      stage: 'narrator',
      principal: 'narrator',
      rule: 'gate pells_fate leaked before it opened',
      text: `${fact} (paraphrased: "16 august", "skull broken")`,
    });
  }, 120_000);
});
