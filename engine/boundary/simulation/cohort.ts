import type { Cohort, SimulationWindow } from '../../npc/index.ts';
import type { Character, StoryPack } from '../../pack/index.ts';
import type { SimulatedCharacterSheet } from '../../prompts/index.ts';
import type { BoundaryStepContext } from '../contract.ts';
import { castLine, placeName, placesLine, storyHeader } from './cast.ts';
import {
  MAX_COHORT_ROUNDS,
  privateNote,
  publicLine,
  stopAfterRound,
  transcriptLines,
  type PublicLine,
} from './cohort-transcript.ts';
import type { OffscreenScene } from './offscreen-scene.ts';
import {
  cohortMemberTurnSchema,
  cohortModeratorSchema,
  standaloneSimulationSchema,
  type CohortMemberTurn,
  type LivedPeriod,
} from './outputs.ts';
import { characterSheet, periodOf, whereIs } from './sheets.ts';

/** What a cohort's encounter was, as everyone saw it: for the step's detail (`inspect`, the debug panels). */
export type CohortRun = {
  readonly members: readonly string[];
  readonly rounds: number;
  readonly stoppedBecause: string;
  /** The public timeline: the moderator's moments and the members' words and deeds. */
  readonly timeline: readonly string[];
};

export type CohortLives = {
  readonly run: CohortRun;
  readonly lives: readonly { readonly character: string; readonly lived: LivedPeriod }[];
};

type Member = { readonly character: Character; readonly sheet: SimulatedCharacterSheet; readonly notes: string[] };

/**
 * A cohort lives the period (npc-simulation.md: a SimulationModerator and one CharacterSimulation per member). The
 * moderator holds public facts only; each member's turn is its own call with its own sheet, its own notes and the
 * moderator's public timeline, and the members of one round run together. What a member says and does goes on the
 * timeline; what it thinks and intends stays in its notes, read by its own calls alone. When the encounter stops, each
 * member writes its own account of the period, which is filed to its own knowledge graph only.
 */
export async function liveAsCohort(
  context: BoundaryStepContext,
  scene: OffscreenScene,
  window: SimulationWindow,
  cohort: Cohort,
): Promise<CohortLives> {
  const members: Member[] = cohort.members.map((id) => {
    const character = characterOf(context.pack, id);
    return { character, sheet: characterSheet(context.pack, scene, character), notes: [] };
  });
  const timeline: PublicLine[] = [{ round: 1, by: null, text: opening(context.pack, scene, window, members) }];
  let stillIn = members;
  let round = 1;
  let stoppedBecause: string;
  for (;;) {
    const turns = await Promise.all(
      stillIn.map((member) => takeTurn(context, window, member, members, timeline, round)),
    );
    turns.forEach((turn, index) => {
      const member = stillIn[index];
      if (member === undefined) return;
      const seen = publicLine(round, member.character.id, member.character.name, turn);
      if (seen !== null) timeline.push(seen);
      const note = privateNote(round, turn);
      if (note !== null) member.notes.push(note);
    });
    stillIn = stillIn.filter((_, index) => turns[index]?.leaves !== true);
    const stop = stopAfterRound(round, stillIn.length, turns);
    if (stop !== null) {
      stoppedBecause = stop;
      break;
    }
    const moderated = await moderate(context, cohort, window, members, timeline, round);
    if (moderated.done || moderated.next.trim() === '') {
      stoppedBecause = 'the moderator closed the encounter';
      break;
    }
    round += 1;
    timeline.push({ round, by: null, text: moderated.next.trim() });
  }
  const lives = await Promise.all(
    members.map(async (member) => ({
      character: member.character.id,
      lived: await account(context, window, member, members, timeline),
    })),
  );
  return {
    run: { members: cohort.members, rounds: round, stoppedBecause, timeline: transcriptLines(timeline) },
    lives,
  };
}

/** The moderator's first moment, from public facts alone: when the period runs and where each member is. */
function opening(pack: StoryPack, scene: OffscreenScene, window: SimulationWindow, members: readonly Member[]): string {
  const period = periodOf(window);
  const where = members.map(({ character }) => `${character.name} is ${whereText(pack, scene, character)}`);
  return `It is ${period.from}; the period runs until ${period.until}. ${where.join('; ')}. Their paths are about to cross.`;
}

function whereText(pack: StoryPack, scene: OffscreenScene, character: Character): string {
  const place = whereIs(scene, character);
  return place === null ? 'somewhere off-stage' : `at ${placeName(pack, place)}`;
}

/** The SimulationModerator's principal names the cohort; its prompt holds nobody's private view. */
function moderatorPrincipal(cohort: Cohort): string {
  return `cohort:${cohort.members.join('+')}`;
}

async function moderate(
  context: BoundaryStepContext,
  cohort: Cohort,
  window: SimulationWindow,
  members: readonly Member[],
  timeline: readonly PublicLine[],
  round: number,
) {
  return context.callObject({
    stage: 'cohort_moderator',
    principal: moderatorPrincipal(cohort),
    messages: context.prompts.renderBoundary('cohort_moderator', {
      story: storyHeader(context.pack),
      period: periodOf(window),
      places: placesLine(context.pack),
      members: members.map(({ character }) => `${character.name} (${character.id})`),
      transcript: transcriptLines(timeline),
      round,
      max_rounds: MAX_COHORT_ROUNDS,
    }),
    schema: cohortModeratorSchema,
    schemaName: 'cohort_moderator',
    maxTokens: 400,
    temperature: 0.5,
  });
}

function takeTurn(
  context: BoundaryStepContext,
  window: SimulationWindow,
  member: Member,
  members: readonly Member[],
  timeline: readonly PublicLine[],
  round: number,
): Promise<CohortMemberTurn> {
  return context.callObject({
    stage: 'cohort_member',
    principal: member.character.id,
    messages: context.prompts.renderBoundary('cohort_member', {
      story: storyHeader(context.pack),
      period: periodOf(window),
      char: member.sheet,
      others: othersOf(member, members),
      notes: [...member.notes],
      transcript: transcriptLines(timeline),
      round,
      max_rounds: MAX_COHORT_ROUNDS,
    }),
    schema: cohortMemberTurnSchema,
    schemaName: 'cohort_member_turn',
    maxTokens: 400,
    temperature: 0.7,
  });
}

function account(
  context: BoundaryStepContext,
  window: SimulationWindow,
  member: Member,
  members: readonly Member[],
  timeline: readonly PublicLine[],
): Promise<LivedPeriod> {
  return context.callObject({
    stage: 'cohort_member',
    principal: member.character.id,
    messages: context.prompts.renderBoundary('cohort_member_account', {
      story: storyHeader(context.pack),
      period: periodOf(window),
      cast: castLine(context.pack),
      places: placesLine(context.pack),
      char: member.sheet,
      others: othersOf(member, members),
      notes: [...member.notes],
      transcript: transcriptLines(timeline),
    }),
    schema: standaloneSimulationSchema,
    schemaName: 'cohort_member_account',
    maxTokens: 1800,
    temperature: 0.7,
  });
}

/** What anyone can see of the other members: never their sheets, goals or knowledge. */
function othersOf(member: Member, members: readonly Member[]): string[] {
  return members
    .filter((other) => other !== member)
    .map(({ character }) => `${character.id} — ${character.name}: ${character.description}`);
}

export function characterOf(pack: StoryPack, id: string): Character {
  const character = pack.characters.find((candidate) => candidate.id === id);
  if (character === undefined) throw new Error(`simulation for an unknown character: ${id}`);
  return character;
}
