import sheet from './character-sheet.ts';

export default `${sheet}
{{#if inner}}Your own recent thoughts and intentions:
{{#last inner 12}}{{line}}
{{/last}}{{/if}}
Setting: {{location.name}}.
Decide what {{char.name}} wants to do next: one sentence of intention (an action or something to say, not its outcome),
and optionally one short private thought that comes before it.
Reply with JSON only: {"thought": "... or empty", "intention": "..."}
What does {{char.name}} do now?`;
