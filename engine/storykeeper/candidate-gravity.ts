import type { CandidateLinks } from './candidate.ts';
import type { GravityComponents } from './gravitational-modifier.ts';
import type { Landscape, LandscapeSubGraph } from './precompute-landscape.ts';
import type { Scene } from './scene.ts';

/**
 * Matches a candidate against the landscape: which nearby attractors it relates to or only shares a theme with, which
 * engaged sub-graphs it resonates with, and which active prophecies point at something it relates to.
 */
export function candidateGravity(links: CandidateLinks, landscape: Landscape): GravityComponents {
  let attractorMass: number | null = null;
  let thematicMass: number | null = null;
  for (const attractor of landscape.attractors) {
    const mass = attractor.mass.total;
    if (relatesTo(links, attractor.scene)) attractorMass = Math.max(attractorMass ?? mass, mass);
    else if (sharesAny(links.themes, attractor.scene.thematicRegister))
      thematicMass = Math.max(thematicMass ?? mass, mass);
  }
  let subGraph: number | null = null;
  for (const reading of landscape.subGraphs) {
    if (!reading.engaged || !resonatesWith(links, reading)) continue;
    subGraph = Math.max(subGraph ?? reading.contribution, reading.contribution);
  }
  const prophecies: number[] = [];
  for (const prophecy of landscape.prophecies) {
    const target = prophecy.target;
    const aimed =
      links.prophecies?.includes(prophecy.id) === true ||
      links.scenes?.includes(prophecy.targetScene) === true ||
      (target !== null && (relatesTo(links, target) || sharesAny(links.themes, target.thematicRegister)));
    if (aimed) prophecies.push(prophecy.magnitude);
  }
  return { attractorMass, thematicMass, subGraph, prophecies };
}

/** The candidate names the scene, involves its cast, or happens where the scene is set. */
export function relatesTo(links: CandidateLinks, scene: Scene): boolean {
  if (links.scenes?.includes(scene.id) === true) return true;
  if (links.locations?.includes(scene.setting) === true) return true;
  const entities = links.entities;
  if (entities === undefined || entities.length === 0) return false;
  return (
    scene.requiredCast.some((member) => entities.includes(member.entity)) || sharesAny(entities, scene.contingentCast)
  );
}

/** The candidate names the sub-graph or one of its scenes, carries a bridge object of it, or shares its themes. */
function resonatesWith(links: CandidateLinks, reading: LandscapeSubGraph): boolean {
  return (
    links.subGraphs?.includes(reading.id) === true ||
    sharesAny(links.scenes, reading.subGraph.scenes) ||
    sharesAny(links.objects, reading.bridges) ||
    sharesAny(links.themes, reading.subGraph.thematicResonance)
  );
}

function sharesAny(mine: readonly string[] | undefined, theirs: readonly string[]): boolean {
  return mine !== undefined && mine.some((item) => theirs.includes(item));
}
