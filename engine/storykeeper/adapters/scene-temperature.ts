import type { SceneTemperature } from '../candidate.ts';
import type { LandscapeEvaluation } from './evaluate-landscape.ts';

/** An attractor this close (total narrative distance) is imminent: the scene is approaching its climax. */
const IMMINENT_DISTANCE = 0.25;

/**
 * The scene's dramatic state (gravitational-context-assembly.md, Narrative Temperature Modifier), from the scene
 * itself: high in a climax scene with stakes (gravitational, or a convergence point) or when the strongest attractor
 * is imminent; low in a scene's aftermath (one of its exit conditions holds) or in a connective scene with nothing at stake (breathing
 * room); neutral otherwise.
 */
export function sceneTemperature(evaluation: LandscapeEvaluation): SceneTemperature {
  const { landscape, position, exits } = evaluation;
  const strongest = landscape.strongestAttractor;
  const imminent =
    strongest !== null && strongest.id !== position.currentScene && strongest.distance.total <= IMMINENT_DISTANCE;
  const here = landscape.scenes.find((scene) => scene.id === position.currentScene);
  if (here === undefined) return imminent ? 'high' : 'neutral';
  // Its exit has come true: what the scene was for has happened, and the moment after is breathing room.
  if (exits.some((exit) => exit.scene === here.id && exit.holds)) return 'low';
  const climax = here.scene.type === 'gravitational' || here.scene.flags.convergencePoint;
  if ((climax && here.scene.stakes.trim() !== '') || imminent) return 'high';
  if (here.scene.type === 'connective' && here.scene.stakes.trim() === '') return 'low';
  return 'neutral';
}
