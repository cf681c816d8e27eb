export type Severity = 'error' | 'warning';

/** One problem in a pack. `file` is relative to the pack folder (forward slashes); line and column count from 1. */
export interface Diagnostic {
  readonly severity: Severity;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

/** Where a diagnostic points. Whole-file problems (missing, too large, unreadable) point at 1:1. */
export interface SourcePosition {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

export const startOf = (file: string): SourcePosition => ({ file, line: 1, column: 1 });

/** Collects every problem of one load; loaders report and carry on instead of stopping at the first. */
export interface DiagnosticSink {
  error(at: SourcePosition, message: string): void;
  warning(at: SourcePosition, message: string): void;
  readonly diagnostics: readonly Diagnostic[];
  hasErrors(): boolean;
}

export function createDiagnosticSink(): DiagnosticSink {
  const diagnostics: Diagnostic[] = [];
  const add = (severity: Severity, at: SourcePosition, message: string): void => {
    diagnostics.push({ severity, file: at.file, line: at.line, column: at.column, message });
  };
  return {
    error: (at, message) => add('error', at, message),
    warning: (at, message) => add('warning', at, message),
    diagnostics,
    hasErrors: () => diagnostics.some((diagnostic) => diagnostic.severity === 'error'),
  };
}

/** `file:line:col: severity: message`, the shape compilers use, so editors and terminals can jump to it. */
export function formatDiagnostic(diagnostic: Diagnostic, shownFile: string = diagnostic.file): string {
  return `${shownFile}:${diagnostic.line}:${diagnostic.column}: ${diagnostic.severity}: ${diagnostic.message}`;
}

/** Files in order, then by position, errors before warnings at the same spot: the order a writer fixes them in. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const rank = (severity: Severity): number => (severity === 'error' ? 0 : 1);
  return [...diagnostics].sort(
    (a, b) =>
      compareText(a.file, b.file) || a.line - b.line || a.column - b.column || rank(a.severity) - rank(b.severity),
  );
}

/** Code-unit order, not locale order: the same on every machine. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
