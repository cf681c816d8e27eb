import { CST, Lexer, type Document, type LineCounter, type YAMLError } from 'yaml';
import type { DiagnosticSink } from './diagnostics.ts';
import { describeParserError, isStackOverflow } from './yaml-depth.ts';

/** Reports the parser's errors (and warnings) at their positions; returns false when the file has errors. */
export function reportYamlProblems(
  file: string,
  text: string,
  document: Document.Parsed,
  lines: LineCounter,
  sink: DiagnosticSink,
): boolean {
  let overflowReported = false;
  for (const error of document.errors) {
    // The parser may report its stack overflow more than once while unwinding; the writer needs it once.
    if (isStackOverflow(error.message)) {
      if (overflowReported) continue;
      overflowReported = true;
    }
    const at = positionOf(error, text, lines);
    sink.error({ file, ...at.position }, at.message);
  }
  for (const warning of document.warnings) {
    const at = positionOf(warning, text, lines);
    sink.warning({ file, ...at.position }, at.message);
  }
  return document.errors.length === 0;
}

function positionOf(
  error: YAMLError,
  text: string,
  lines: LineCounter,
): { position: { line: number; column: number }; message: string } {
  const message = firstLine(error.message);
  if (error.code === 'MISSING_CHAR' && /quote/u.test(message)) {
    // The parser notices an unclosed quote where the file ends; the writer needs to see where the quote opened.
    const opened = openingOfUnclosedQuote(text, error.pos[0]);
    if (opened !== null) {
      const { line, col } = lines.linePos(opened);
      return {
        position: { line, column: col },
        message: 'this quoted string is never closed (missing its closing quote)',
      };
    }
  }
  const start = error.linePos?.[0] ?? lines.linePos(error.pos[0]);
  return { position: { line: start.line, column: start.col }, message: describeParserError(message) };
}

/** The prettified message carries "at line N, column M:" and a code frame; the diagnostic has its own position. */
function firstLine(message: string): string {
  const line = message.split('\n', 1)[0] ?? message;
  return line.replace(/ at line \d+, column \d+:?$/u, '');
}

/** The offset of the quoted scalar that runs up to `errorOffset`, found by re-lexing the source. */
function openingOfUnclosedQuote(text: string, errorOffset: number): number | null {
  let offset = 0;
  let candidate: number | null = null;
  for (const token of new Lexer().lex(text)) {
    const type = CST.tokenType(token);
    const quoted = type === 'double-quoted-scalar' || type === 'single-quoted-scalar';
    if (quoted && offset <= errorOffset && !isClosedQuote(token)) candidate = offset;
    offset += takesSource(type) ? token.length : 0;
  }
  return candidate;
}

function isClosedQuote(token: string): boolean {
  const quote = token[0];
  if (token.length < 2 || !token.endsWith(quote ?? '')) return false;
  const backslashes = /\\*$/u.exec(token.slice(0, -1))?.[0].length ?? 0;
  return quote === "'" || backslashes % 2 === 0;
}

/** The lexer interleaves one-character control tokens that are not part of the source text. */
function takesSource(type: ReturnType<typeof CST.tokenType>): boolean {
  return type !== 'doc-mode' && type !== 'flow-error-end' && type !== 'scalar';
}
