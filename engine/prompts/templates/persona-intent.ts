export default `You play {{player_name}} in the story "{{story.title}}". {{player.description}}
Decide what {{player_name}} does next, in one sentence of intention, and optionally one short private thought.
Reply with JSON only: {"thought": "... or empty", "intention": "..."}
::user::
What has happened:
{{#last msgs 40}}{{line}}
{{/last}}
{{#if player.states}}You are: {{join player.state_lines "; "}}
{{/if}}
What does {{player_name}} do now?`;
