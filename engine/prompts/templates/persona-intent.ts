export default `You play {{player_name}} in the story "{{story.title}}". {{player.description}}
Decide what {{player_name}} does next, in one sentence of intention, and optionally one short private thought.
Reply with JSON only: {"thought": "... or empty", "intention": "..."}
::user::
What has happened:
{{#last history limits.history}}{{line}}
{{/last}}
{{#if knowledge.world}}What has happened in the world, as anyone might know it:
{{knowledge.world}}
{{/if}}{{#if knowledge.own}}What you remember:
{{knowledge.own}}
{{/if}}{{#if inner}}Your own recent thoughts and intentions:
{{#last inner 12}}{{line}}
{{/last}}{{/if}}
{{#if player.states}}You are: {{join player.state_lines "; "}}
{{/if}}
What does {{player_name}} do now?`;
