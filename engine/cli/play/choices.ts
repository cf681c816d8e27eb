/** The Narrator's suggested next actions as `play` prints them: numbered, under the turn's prose. */
export function formatChoices(choices: readonly string[]): string {
  if (choices.length === 0) return '';
  return `${choices.map((choice, index) => `  ${index + 1}. ${choice}`).join('\n')}\n  (type a number to choose, or write your own)\n\n`;
}

/** A line that is only the number of one of the choices offered stands for that choice; any other line is itself. */
export function chosenInput(line: string, choices: readonly string[]): string {
  const match = /^\s*(\d{1,2})\s*$/u.exec(line);
  if (match === null) return line;
  return choices[Number(match[1]) - 1] ?? line;
}
