// Creation (stage "creation", principal: the new figure's id): once, after the turn whose Narrator brought in someone
// the pack lacks (npc-simulation.md's creation_requests). Off the player's path: it runs with the turn's extractors.
export default `You add a minor figure to the story "{{story.title}}". {{story.description}}
The Narrator has just brought {{char.name}} into the story. Write what anyone can see of them and how they speak, in
the story's own terms. Their concept is theirs alone: the description says only what a stranger sees, never their
purpose or secret.
Reply with JSON only: {"description": "appearance, role and bearing, one or two sentences", "personality": "observable patterns", "voice": "how they speak", "line": "a line they might say"}
::user::
{{char.name}}, at {{place.name}} ({{place.description}})
Concept (private): {{char.concept}}
Why the story needs them now: {{why}}
Describe {{char.name}}.`;
