import { z } from 'zod';
import { compareIds } from '../order.ts';

/**
 * One undirected tie of the social graph: how readily news passes between two characters, 0 (strangers) to 1
 * (they tell each other everything). Ids are kept in code-unit order so a pair has one key.
 */
export type SocialTie = { readonly a: string; readonly b: string; readonly strength: number };

/** The `relationships` part of the npc_state checkpoint, owned by the social_ripple step. */
export type SocialGraph = { readonly version: 1; readonly ties: readonly SocialTie[] };

const tieSchema = z.strictObject({ a: z.string().min(1), b: z.string().min(1), strength: z.number().min(0).max(1) });
const graphSchema = z.strictObject({ version: z.literal(1), ties: z.array(tieSchema) });

/** Sharing a scene makes two characters a little readier to talk about it later; it never reaches 1 this way. */
export const SHARED_SCENE_STRENGTH = 0.2;
const SHARED_SCENE_CAP = 0.8;

export function emptySocialGraph(): SocialGraph {
  return { version: 1, ties: [] };
}

/** The checkpointed graph, or an empty one when the save has none yet; a malformed part is reported. */
export function restoreSocialGraph(
  data: unknown,
): { readonly ok: true; readonly graph: SocialGraph } | { readonly ok: false; readonly problems: readonly string[] } {
  if (data === undefined || data === null) return { ok: true, graph: emptySocialGraph() };
  const parsed = graphSchema.safeParse(data);
  if (!parsed.success) {
    return { ok: false, problems: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) };
  }
  return {
    ok: true,
    graph: { version: 1, ties: parsed.data.ties.map((tie) => orderedTie(tie.a, tie.b, tie.strength)) },
  };
}

export function tieStrength(graph: SocialGraph, first: string, second: string): number {
  const key = orderedTie(first, second, 0);
  return graph.ties.find((tie) => tie.a === key.a && tie.b === key.b)?.strength ?? 0;
}

/** Sets a tie (the stronger of the old and new strength wins: a tie authored in the pack is not weakened by a scene). */
export function withTie(graph: SocialGraph, first: string, second: string, strength: number): SocialGraph {
  if (first === second) return graph;
  const next = orderedTie(first, second, Math.min(1, Math.max(0, strength)));
  const others = graph.ties.filter((tie) => tie.a !== next.a || tie.b !== next.b);
  const kept = Math.max(next.strength, tieStrength(graph, first, second));
  return { version: 1, ties: sortTies([...others, { ...next, strength: kept }]) };
}

/** Everyone who shared the scene knows the others a little better (up to a cap: familiarity is not friendship). */
export function strengthenSharedScene(graph: SocialGraph, present: readonly string[]): SocialGraph {
  let next = graph;
  const cast = [...new Set(present)].sort(compareIds);
  for (const [index, first] of cast.entries()) {
    for (const second of cast.slice(index + 1)) {
      const before = tieStrength(next, first, second);
      const raised = Math.max(before, Math.min(SHARED_SCENE_CAP, before + SHARED_SCENE_STRENGTH));
      next = withTie(next, first, second, roundStrength(raised));
    }
  }
  return next;
}

function orderedTie(first: string, second: string, strength: number): SocialTie {
  return compareIds(first, second) <= 0 ? { a: first, b: second, strength } : { a: second, b: first, strength };
}

function sortTies(ties: readonly SocialTie[]): readonly SocialTie[] {
  return [...ties].sort((x, y) => compareIds(x.a, y.a) || compareIds(x.b, y.b));
}

/** Two decimals: repeated scenes must not accumulate floating-point dust in the checkpoint. */
function roundStrength(value: number): number {
  return Math.round(value * 100) / 100;
}
