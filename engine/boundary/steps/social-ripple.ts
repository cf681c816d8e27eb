import {
  readStandings,
  withWarmTies,
  keepsKnowledgeGraph,
  restoreSocialGraph,
  rippleDrafts,
  spreadNews,
  strengthenSharedScene,
  tierOf,
  type SocialGraph,
} from '../../npc/index.ts';
import { entityNamer } from '../../pack/index.ts';
import type { BoundaryStepContext, Json, StepHandler, StepResult } from '../contract.ts';
import { readClosedScene, type ClosedScene } from './closed-scene.ts';
import { packSocialGraph } from './pack-ties.ts';
import { deferredRecords, sceneNews } from './scene-news.ts';
import { sceneShifts } from './scene-shifts.ts';

/**
 * The social-graph ripple (event-system.md, scene boundary): what happened in the scene spreads, without an LLM, to
 * characters who were not there, along the relationships part of the npc_state and the warm standings — a witness's
 * word, then rumour, then inference, at most three hops, each weaker. Those who shared the scene know each other a little better afterwards.
 */
export const socialRipple: StepHandler = (context) => Promise.resolve(ripple(context));

function ripple(context: BoundaryStepContext): Json {
  const scene = readClosedScene(context);
  const restored = restoreSocialGraph(scene.relationships);
  if (!restored.ok) throw new Error(`the relationships part is unreadable: ${restored.problems.join('; ')}`);
  // The first boundary of a story starts from the ties its pack implies (factions, goals naming another character).
  const before = scene.relationships === null ? packSocialGraph(context.pack) : restored.graph;
  const witnesses = scene.present.filter((id) => id !== context.personaId);
  // News also travels to those the witnesses trust or like (their standings), not only along shared scenes.
  const paths = withWarmTies(before, readStandings(context.npc.standings, 'the social ripple'));
  const reach = spreadNews(paths, witnesses).filter((reached) => keepsKnowledge(context, scene, reached.id));
  const resolved = deferredRecords(context.snapshot.deferred);
  const news = sceneNews(context.pack, context.personaId, scene, resolved);
  const heard = rippleDrafts(reach, news, {
    nameOf: entityNamer(context.pack, context.personaId),
    ref: `turn ${scene.turn}`,
  });
  const graph: SocialGraph = strengthenSharedScene(before, witnesses);
  const result = {
    knowledge: heard.map(({ characterId, drafts }) => ({
      audience: { kind: 'character', id: characterId },
      drafts: drafts.map(toJson),
    })),
    npc: { relationships: { version: graph.version, ties: graph.ties.map((tie) => ({ ...tie })) } },
    standings: sceneShifts(context.pack, context.personaId, scene, resolved).map((shift) => ({ ...shift })),
    detail: {
      news: news.map((item) => item.text),
      reached: reach.map((reached) => ({ character: reached.id, hops: reached.hops, via: reached.via })),
    },
  } satisfies StepResult;
  return result;
}

/** Pack characters who keep a knowledge graph (any, until the save keeps a tier roster). */
function keepsKnowledge(context: BoundaryStepContext, scene: ClosedScene, id: string): boolean {
  if (id === context.personaId || !context.pack.characters.some((character) => character.id === id)) return false;
  return scene.roster === null || keepsKnowledgeGraph(tierOf(scene.roster, id));
}

function toJson(draft: ReturnType<typeof rippleDrafts>[number]['drafts'][number]): Json {
  return {
    kind: draft.kind,
    text: draft.text,
    time: draft.time,
    place: draft.place ?? null,
    entities: [...(draft.entities ?? [])],
    salience: draft.salience,
    tags: [...(draft.tags ?? [])],
    provenance: { source: draft.provenance.source, ref: draft.provenance.ref },
  };
}
