/** What can be done with a save from the library. */
export interface SaveActions {
  readonly onContinue: (saveId: string) => void;
  readonly onRename: (saveId: string, title: string) => void;
  readonly onDelete: (saveId: string) => void;
  /** Writes a copy; resolves to an error message, or null once written. */
  readonly onExport: (saveId: string, destPath: string) => Promise<string | null>;
  /** The path offered for an export of this save. */
  readonly exportPathOf: (saveId: string) => string;
}
