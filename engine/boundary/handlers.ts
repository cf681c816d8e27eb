import type { BoundaryHandlers } from './workflow-deps.ts';
import { characterReflection } from './steps/character-reflection.ts';
import { chronicler } from './steps/chronicler.ts';
import { deferredEvents } from './steps/deferred-events.ts';
import { lore } from './steps/lore.ts';
import { narrativeGraph } from './steps/narrative-graph.ts';
import { offscreenPropagation } from './steps/offscreen-propagation.ts';
import { socialRipple } from './steps/social-ripple.ts';
import { worldState } from './steps/world-state.ts';

/** The production steps of the scene-boundary workflow (the checkpoint is the workflow's own). */
export const BOUNDARY_HANDLERS: BoundaryHandlers = {
  deferred_events: deferredEvents,
  offscreen_propagation: offscreenPropagation,
  social_ripple: socialRipple,
  world_state: worldState,
  character_reflection: characterReflection,
  chronicler,
  lore,
  narrative_graph: narrativeGraph,
};
