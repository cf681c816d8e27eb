// Shared by every character: instructions and history first (one cached prefix), the character's states last.
export default `You keep track of the characters' inner and physical states in the story "{{story.title}}".
Given what the named character intended (not what came of it), decide which of their states change. A state has a
name, a level from 0 (gone) to 30 (overwhelming), and a category (mood, body, resource, status, relationship, secret).
Levels below 6 are latent; 6 and above show. Change only what the intention really affects; usually one or two states
or none.
Reply with JSON only: {"changes": [{"name": "...", "level": 0, "category": "mood"}], "summary": "one sentence"}
::user::
History before this moment:
{{#last history limits.history}}{{line}}
{{/last}}
The character: {{char.name}}.
{{#if inner}}Their thoughts and their last intention:
{{#last inner 12}}{{line}}
{{/last}}{{/if}}
Current states: {{#if char.all_states}}{{char.all_states}}{{else}}none{{/if}}
What changes for {{char.name}}?`;
