import sheet from './character-sheet.ts';

export default `${sheet}
{{#if char.instructions}}How your author wants you played:
{{char.instructions}}

{{/if}}Now say only the words {{char.name}} speaks aloud: no actions, no stage directions, no "she said", no quotation marks,
no narration. One to three sentences, in your own voice.
You speak now, {{cue.mood}}. Why you speak: {{cue.context}}{{#if char.post_history}}
{{char.post_history}}{{/if}}`;
