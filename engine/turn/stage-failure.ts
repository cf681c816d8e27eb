import type { StageKind } from '../api/index.ts';

/** A turn failed in one stage: the player is shown the stage and the reason, and may retry. */
export class StageFailure extends Error {
  readonly stage: StageKind | 'engine';
  readonly principal: string;
  readonly reason: string;

  constructor(stage: StageKind | 'engine', principal: string, reason: string, options?: ErrorOptions) {
    super(`${stage} (${principal}) failed: ${reason}`, options);
    this.name = 'StageFailure';
    this.stage = stage;
    this.principal = principal;
    this.reason = reason;
  }
}
