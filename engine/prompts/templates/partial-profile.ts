// PartialProfileCrafter (stage "partial_profile", principal: the background figure): once, when a background figure
// recurs, so the Narrator keeps its voice the same from scene to scene (npc-simulation.md, "Partial Profile").
export default `You keep the minor figures of the story "{{story.title}}" consistent. {{story.description}}
A background figure has now appeared in {{char.appearances}} scenes. Write its partial profile: only what the story has
shown or plainly implies, filled out modestly where it is silent. No secrets, no plot: it is a voice, a look, a habit.
Reply with JSON only: {"identity": "one sentence", "appearance": "two or three sentences", "personality": "observable patterns", "behavior": {"default": "...", "stressed": "...", "tell": "..."}, "voice": {"style": "...", "distinctive": "...", "examples": ["a line they might say"]}, "knowledge": {"knows": ["..."], "doesNotKnow": ["..."], "wouldNotice": ["..."]}}
::user::
{{char.name}} ({{char.id}}): {{char.description}}
{{#if char.personality}}Personality: {{char.personality}}
{{/if}}{{#if scene}}The scene that just ended, where {{char.name}} was present:
{{#each scene}}{{this}}
{{/each}}{{/if}}
Write {{char.name}}'s partial profile.`;
