import { BOUNDARY_PROMPT_STAGES, TURN_STAGES, type BoundaryPromptStage, type TurnStage } from '../api/index.ts';
import { startOf, type DiagnosticSink } from './diagnostics.ts';
import { filesIn } from './pack-files.ts';
import { PACK_FOLDERS } from './pack-layout.ts';
import { readPackText } from './pack-read.ts';
import type { PackTree } from './pack-tree.ts';
import { didYouMean } from './suggest.ts';

/** The stages whose Handlebars template a pack may override with prompts/<stage>.hbs: the turn's and the boundary's. */
export const PROMPT_STAGES = [...TURN_STAGES, ...BOUNDARY_PROMPT_STAGES] as const;

export type PromptStage = TurnStage | BoundaryPromptStage;
/** Template text by stage; compiling it is the prompts room's job. */
export type PromptOverrides = Readonly<Partial<Record<PromptStage, string>>>;

function promptStageOf(name: string): PromptStage | undefined {
  return PROMPT_STAGES.find((stage) => stage === name);
}

export async function loadPromptOverrides(tree: PackTree, sink: DiagnosticSink): Promise<PromptOverrides> {
  const overrides: Partial<Record<PromptStage, string>> = {};
  const folder = `${PACK_FOLDERS.prompts}/`;
  for (const file of tree.files.keys()) {
    if (!file.startsWith(folder)) continue;
    const name = file.slice(folder.length);
    const stage = name.endsWith('.hbs') ? promptStageOf(name.slice(0, -'.hbs'.length)) : undefined;
    if (stage === undefined) {
      const hint = didYouMean(name.replace(/\.hbs$/u, ''), PROMPT_STAGES);
      sink.warning(
        startOf(file),
        `not a prompt this app uses; ignored${hint} (prompts are named <stage>.hbs: ${PROMPT_STAGES.join(', ')})`,
      );
      continue;
    }
    const text = await readPackText(tree, file, sink);
    if (text !== null) overrides[stage] = text;
  }
  return overrides;
}

/** Scripted playthroughs that ship with the pack (another room replays them). */
export function fixturePaths(tree: PackTree): string[] {
  return filesIn(tree, PACK_FOLDERS.fixtures, '.yaml');
}
