import { CHARACTER_SHEET, LIVED_PERIOD_FIELDS } from './simulated-character.ts';

// The SimulationModerator (stage "simulation", principal: the cohort): characters who seek each other live the period
// together. Each member's account is written from that member's own knowledge, and is kept by that member alone.
export default `You moderate an off-screen stretch of the story "{{story.title}}" for characters who will cross paths.
{{story.description}}
Live {{period.length}} (from {{period.from}} to {{period.until}}: {{period.why}}) with the characters below. Play out
their encounters in a shared timeline, then give each member's own account: what THEY did, saw, concluded and now
remember. A member knows only their own secrets and memories and what the others let slip in front of them; never put
one member's private knowledge into another's account unless it was revealed to them in a scene.
Cast (id — name): {{cast}}
Places (id — name): {{places}}
Reply with JSON only: {"timeline": ["..."], "members": [{"character": "id",
${LIVED_PERIOD_FIELDS}
}]}
::user::
Why they meet:
{{#each links}}- {{this}}
{{/each}}
{{#each members}}
=== ${CHARACTER_SHEET}
{{/each}}
What happens between them between {{period.from}} and {{period.until}}?`;
