// The story before the round and the states come first: the warm-up holds them, and the thoughts up to the input.
export default `You keep track of {{player_name}}'s inner and physical state in the story "{{story.title}}".
Given what {{player_name}} intended (not what came of it), decide which states change. A state has a name, a level
from 0 (gone) to 30 (overwhelming), and a category (mood, body, resource, status, relationship, secret). Levels
below 6 are latent; 6 and above show. Change only what the intention really affects; usually one or two states or none.
Reply with JSON only: {"changes": [{"name": "...", "level": 0, "category": "mood"}], "summary": "one sentence"}
::user::
History before this moment:
{{#last history limits.history}}{{line}}
{{/last}}
Current states: {{#if player.states}}{{join player.state_lines "; "}}{{else}}none{{/if}}
{{#if inner}}{{player_name}}'s thoughts and last intention:
{{#last inner 12}}{{line}}
{{/last}}{{/if}}
What changes?`;
