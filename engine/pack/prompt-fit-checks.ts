import type { DiagnosticSink } from './diagnostics.ts';
import type { Section, Sourced } from './pack-files.ts';
import type { Character } from './schema/characters.ts';
import { KEYLESS_MARK, PERSONA_AUDIENCE, WORLD_AUDIENCE, type LoreEntry } from './schema/lore.ts';
import type { StoryManifest } from './schema/story.ts';
import { positionAt } from './yaml-locate.ts';

/** The context a pack is checked against: what a remote or scripted model is taken to hold. */
export const DEFAULT_CHECK_CONTEXT = 8192;
/** Answer room the stages keep (the Narrator's beat script is the longest answer). */
const RESERVED = { narrator: 1200, character: 600 } as const;
/** Instructions and the turn's own input, which every prompt carries besides the pack's text. */
const STAGE_OVERHEAD = 700;
const DEFAULT_CONSTANT_BUDGET = 600;

/** ARCHITECTURE §8.8's estimate: the pack is checked before any model is loaded. */
function tokens(text: string): number {
  return Math.ceil((text.split(/\s+/u).filter((word) => word !== '').length * 4) / 3);
}

export interface PromptFitSections {
  readonly story: Sourced<StoryManifest> | null;
  readonly characters: Section<Character>;
  readonly lore: Section<LoreEntry>;
}

/**
 * Warns when a pack's fixed parts alone leave a stage no room on the default context: the Narrator's preamble (story,
 * cast, constant lore within its budget) and a character's prompt with the largest sheet. Play still works (history and
 * retrieved lore are dropped first, then text is cut), but the story would be told from almost nothing. Also counts
 * lore entries that can never activate: no keys and not constant.
 */
export function checkPromptFit({ story, characters, lore }: PromptFitSections, sink: DiagnosticSink): void {
  if (story === null) return;
  const manifest = story.value;
  const limit = (reserved: number) => DEFAULT_CHECK_CONTEXT - reserved - Math.ceil(DEFAULT_CHECK_CONTEXT * 0.02);
  const preamble =
    STAGE_OVERHEAD +
    tokens(`${manifest.title} ${manifest.description ?? ''} ${manifest.style?.voice ?? ''}`) +
    tokens((manifest.style?.constraints ?? []).join(' '));
  const publicLore = lore.items.filter(
    (item) => !item.value.disabled && [WORLD_AUDIENCE, PERSONA_AUDIENCE].includes(item.value.audience),
  );
  const constant = publicLore
    .filter((item) => item.value.constant)
    .reduce((sum, item) => sum + tokens(`${item.value.key}: ${item.value.content}`), 0);
  const constantBudget = manifest.tuning.lore?.constantBudget ?? DEFAULT_CONSTANT_BUDGET;
  const cast = characters.items.reduce((sum, item) => sum + tokens(`${item.value.name} ${item.value.description}`), 0);
  const narrator = preamble + Math.min(constant, constantBudget) + cast;
  if (narrator > limit(RESERVED.narrator))
    sink.warning(
      positionAt(story.yaml, [], 'key'),
      `the Narrator's fixed parts alone (instructions, story, cast, constant lore) take ~${narrator} tokens of the ` +
        `${limit(RESERVED.narrator)} an ${DEFAULT_CHECK_CONTEXT}-token context leaves it: history and lore will be dropped ` +
        'and text cut every turn; shorten the descriptions or play with a larger context',
    );
  if (constant > constantBudget)
    sink.warning(
      positionAt(story.yaml, [], 'key'),
      `constant lore takes ~${constant} tokens but the preamble keeps ${constantBudget} (tuning.lore.constantBudget): ` +
        'entries past it (by order) never reach the Narrator',
    );
  const largest = [...characters.items].sort((a, b) => sheetTokens(b.value) - sheetTokens(a.value))[0];
  if (largest !== undefined) {
    const fixed = preamble + sheetTokens(largest.value) + Math.min(constant, DEFAULT_CONSTANT_BUDGET);
    if (fixed > limit(RESERVED.character))
      sink.warning(
        positionAt(largest.yaml, largest.path, 'key'),
        `${largest.value.name}'s sheet with the story's fixed parts takes ~${fixed} tokens of the ` +
          `${limit(RESERVED.character)} a character's stage has on an ${DEFAULT_CHECK_CONTEXT}-token context: ` +
          'their prompts will lose history and lore every turn',
      );
  }
  const keyless = lore.items.filter((item) => !item.value.constant && item.value.extensions[KEYLESS_MARK] === true);
  const first = keyless[0];
  if (first !== undefined)
    sink.warning(
      positionAt(first.yaml, first.path, 'key'),
      `${keyless.length} lore ${keyless.length === 1 ? 'entry has' : 'entries have'} no keys and ` +
        `${keyless.length === 1 ? 'is' : 'are'} not constant: never activated (give them keys or make them constant)`,
    );
}

function sheetTokens(character: Character): number {
  return tokens(
    [
      character.name,
      character.description,
      character.personality,
      character.voice.style,
      ...character.voice.examples,
      ...character.knowledge.map((item) => item.content),
    ].join(' '),
  );
}
