/** What `inspect` was asked to show of one save. */
export interface ViewRequest {
  readonly id: string;
  readonly turn: number | undefined;
  readonly json: boolean;
  /** `kg`'s graph: world, persona or a character id. */
  readonly graph: string;
}
