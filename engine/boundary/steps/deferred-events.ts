import type { StepHandler, StepResult } from '../contract.ts';

/**
 * Deferred event resolution (event-system.md, scene boundary, step 1): every Tier 3 item the scene held back, and the
 * scene's ledger, in the order they arose, so the later steps read causes before effects. Nothing is dropped: an
 * item the event system could not classify is still listed. The truth set itself takes the deferred records at the
 * next scene entry (engine/turn); this step hands them to the boundary's steps as detail.
 */
export const deferredEvents: StepHandler = (context) => {
  const { snapshot } = context;
  const result = {
    detail: {
      turn: snapshot.turn,
      scene: snapshot.scene,
      deferred: snapshot.deferred.map((item, index) => ({ order: index + 1, item })),
      events: [...snapshot.ledger].sort((a, b) => a.seq - b.seq),
      counts: { deferred: snapshot.deferred.length, events: snapshot.ledger.length },
    },
  } satisfies StepResult;
  return Promise.resolve(result);
};
