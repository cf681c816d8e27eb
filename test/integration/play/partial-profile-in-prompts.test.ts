import { beforeAll, describe, expect, it } from 'vitest';
import type { PartialProfile } from '../../../engine/npc/index.ts';
import type { StoryPack } from '../../../engine/pack/index.ts';
import { PromptBook } from '../../../engine/prompts/index.ts';
import type { ViewStage } from '../../../engine/stream/index.ts';
import { initialPlayState } from '../../../engine/turn/index.ts';
import { characterVariables, promptContext } from '../../../engine/turn/prompt-view.ts';
import { lanternQuay, PERSONA } from '../../support/packs.ts';

const KIT = 'kit-wickett';
const TELL = 'PROFILE-TELL: glances at the door before she lies';

const profile: PartialProfile = {
  identity: 'The lamp-girl of the Drowned Lantern.',
  appearance: 'Barefoot, in a cut-down sailor’s jacket.',
  personality: 'Cheeky, quick.',
  behavior: { default: 'haggles', stressed: 'goes still', tell: TELL },
  voice: { style: 'quay cant', distinctive: 'double negatives', examples: ['I weren’t nowhere near.'] },
  knowledge: { knows: [], doesNotKnow: [], wouldNotice: [] },
};

let pack: StoryPack;
const book = PromptBook.create().book;
beforeAll(async () => {
  pack = await lanternQuay();
});

function prompt(
  stage: ViewStage,
  sheet: { profile?: PartialProfile; offstage?: string; standing?: string } = {},
  principal = KIT,
): string {
  const state = initialPlayState(pack, PERSONA);
  const request = { stage, principal, cursor: { turn: 1, roundStartSeq: 1 } };
  const char = characterVariables(pack, state, request, KIT, sheet.profile, sheet.offstage, sheet.standing);
  const context = promptContext(
    { pack, state, personaId: PERSONA, stream: [], request },
    { char, cue: { mood: 'wary', context: 'a question' } },
  );
  return book
    .render(stage, context)
    .map((message) => message.content)
    .join('\n');
}

describe('a partial profile in the turn’s prompts', () => {
  it('gives a character’s intent and dialog what it did off-stage, and never an extractor', () => {
    const offstage = 'Sold two lamps on the mole.';
    for (const stage of ['npc_intent', 'character_dialog'] as const) {
      expect(prompt(stage, { offstage })).toContain(`Since you were last seen: ${offstage}`);
      expect(prompt(stage)).not.toContain('Since you were last seen');
    }
    expect(prompt('character_extractor', { offstage })).not.toContain(offstage);
  });

  it('gives a character’s own intent and dialog its own side of its relationships, and no one else’s prompt', () => {
    const standing = 'Sam Fairweather: trust +0.60 (the penny)';
    for (const stage of ['npc_intent', 'character_dialog'] as const) {
      expect(prompt(stage, { standing })).toContain(`Where you stand with others (−1 to +1): ${standing}`);
      expect(prompt(stage)).not.toContain('Where you stand with others');
    }
    expect(prompt('character_extractor', { standing })).not.toContain(standing);
    // Kit's sheet in a prompt built for someone else carries no side of hers.
    expect(prompt('character_dialog', { standing }, 'magdalen-rook')).not.toContain(standing);
  });

  it('gives a recurring background figure’s intent and dialog its partial profile, and nothing when it has none', () => {
    for (const stage of ['npc_intent', 'character_dialog'] as const) {
      expect(prompt(stage, { profile })).toContain(`As the story has shown you so far: ${profile.identity}`);
      expect(prompt(stage, { profile })).toContain(TELL);
      expect(prompt(stage)).not.toContain('As the story has shown you so far');
    }
  });
});
