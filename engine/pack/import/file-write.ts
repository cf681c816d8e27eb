/** One file an import will write, relative to the pack folder. Built in memory first so a failure writes nothing. */
export interface FileWrite {
  readonly path: string;
  readonly content: string | Uint8Array;
}
