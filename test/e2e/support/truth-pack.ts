import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const TRUTH_PACK_ID = 'lamp-room';

/**
 * A small user pack of its own for the truth-panel test (the built-in packs are being rewritten elsewhere): one room,
 * one persona, one baked character; a trigger whose sensitivity hears the player say they distrust her, and one that waits.
 */
const FILES: Readonly<Record<string, string>> = {
  'story.yaml': `schemaVersion: 1
id: ${TRUTH_PACK_ID}
title: The Lamp Room
version: "1.0.0"
engine: ">=0.1.0"
ifid: 6a0f3d2e-7c41-4b8e-9d55-2f1e8c3b7a90
author: Storyloom tests
description: A lighthouse keeper and her relief, one stormy evening. Made for the truth-panel test.
start:
  location: lamp-room
  time: "1901-11-12T19:00"
  persona: wren-calder
`,
  'personas.yaml': `- id: wren-calder
  name: Wren Calder
  description: You are Wren Calder, the new relief keeper, three days on the rock and not yet trusted with the lamp.
`,
  'locations.yaml': `- id: lamp-room
  name: The lamp room
  description: The top of the lighthouse, all brass and glass, the great lens turning slowly over a pool of oil light.
  connections:
    - to: stairwell
      description: down the iron spiral
      travelMinutes: 1
- id: stairwell
  name: The stairwell
  description: An iron spiral that rings with every step, cold as a bell.
  connections:
    - to: lamp-room
      description: up into the light
      travelMinutes: 1
`,
  'characters/odile-fenn.yaml': `id: odile-fenn
name: Odile Fenn
aliases: [Odile, the keeper]
description: The head keeper, sixty, weathered and exact, who has kept this light for thirty years.
personality: Dry, watchful and slow to trust; she judges people by whether they keep the lamp clean.
voice:
  style: Short sentences, nautical words, never raises her voice.
  examples:
    - Trim the wick before you trim your opinions.
chattiness: 60
baked: true
location: lamp-room
`,
  'triggers.yaml': `- id: odile_doubted
  subscriber: odile-fenn
  tier: scene_local
  predicate: { kind: Atom, proposition: "TrustEroding(player,odile-fenn)" }
  effects:
    - { kind: MandateNarrativeShift, mandate: Odile grows guarded }
  sensitivity:
    - proposition: "TrustEroding(player,odile-fenn)"
      keywords: [liar, lie]
      negated: [trust, believe]
    - proposition: "AffectionWaning(player,odile-fenn)"
      keywords: [cold]
- id: odile_confides
  subscriber: odile-fenn
  lifecycle: { kind: OneShot }
  predicate:
    kind: All
    of:
      - { kind: Atom, proposition: "TrustGrowing(player,odile-fenn)" }
      - { kind: Atom, proposition: "CharacterPresent(odile-fenn)" }
  effects:
    - { kind: MandateNarrativeShift, mandate: Odile tells the story of the wreck }
`,
};

/** Installs the pack as a user pack in a Storyloom home (`<home>/stories/<id>`). */
export function writeTruthPack(home: string): void {
  for (const [file, text] of Object.entries(FILES)) {
    const path = join(home, 'stories', TRUTH_PACK_ID, file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
}

const extractors = Array.from(
  { length: 4 },
  () => `
- stage: persona_extractor
  reply: { changes: [], summary: No change. }
- stage: character_extractor
  reply: { changes: [], summary: No change. }
- stage: lore_extractor
  reply: { facts: [], summary: Nothing new. }`,
).join('');

/**
 * Two turns. Turn 1: "I don't trust her" makes Stage 3 judge TrustEroding provisionally, the trigger fires, and
 * Stage 4 refines it to 0.85 (and judges AffectionWaning at 0.3, below min_confidence). Turn 2: Stage 4 softens the
 * distrust to 0.6, a changed weight. Each turn's first Narrator call waits a little, so that Stage 4 (answered at
 * once) has landed when the turn commits.
 */
export const TRUTH_SCRIPT = `
# Turn 1
- stage: narrator
  expect: don't trust her
  delayMs: 200
  reply:
    beats:
      - type: narration
        content: The lens turns. Odile goes on polishing the brass and does not look at you.
- stage: npc_intent
  reply: { thought: "So that is how it is.", intention: "Keep polishing the brass without a word." }
- stage: narrator
  reply:
    beats:
      - type: narration
        content: The cloth squeaks on the brass, round and round, slower than before.
- stage: deep_interpretation
  reply:
    judgments:
      - { proposition: "TrustEroding(player,odile-fenn)", confidence: 0.85, magnitude: 0.2, description: "Wren says outright she does not trust the keeper." }
      - { proposition: "AffectionWaning(player,odile-fenn)", confidence: 0.3, magnitude: 0.1, description: "A little coldness, perhaps." }
# Turn 2
- stage: narrator
  expect: lamp oil
  delayMs: 200
  reply:
    beats:
      - type: narration
        content: You ask about the oil. Odile jerks her chin at the cans stacked by the stair.
- stage: npc_intent
  reply: { thought: "", intention: "Hand Wren the oil can." }
- stage: narrator
  reply:
    beats:
      - type: narration
        content: She hands you the can, handle first.
- stage: deep_interpretation
  reply:
    judgments:
      - { proposition: "TrustEroding(player,odile-fenn)", confidence: 0.6, magnitude: 0.1, description: "The distrust lingers, quieter." }
${extractors}
`;
