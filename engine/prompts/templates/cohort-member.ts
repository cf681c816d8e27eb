import { CHARACTER_SHEET } from './simulated-character.ts';

/**
 * What every call of one cohort member starts with, word for word: the stage's own system prompt, then its sheet and
 * the others as anyone sees them. Its turns and its account share this prefix, so on a local model the member's own
 * sequence keeps it cached from round to round (ARCHITECTURE §7: stable first, volatile last).
 */
export const COHORT_MEMBER_PREFIX = `You speak for one character of the story "{{story.title}}" during time the protagonist does not see.
{{story.description}}
The character is in an encounter with others who sought each other out. You speak for this character alone, from
what they know and want; never speak or act for anyone else. Others learn only what the character says and does in
front of them; what they think and intend stays private, and they never know the others' thoughts.
::user::
The character:
{{#with char}}${CHARACTER_SHEET}{{/with}}
The others in the encounter:
{{#each others}}- {{this}}
{{/each}}
{{#if notes}}What {{char.name}} privately thought and meant during the encounter:
{{#each notes}}- {{this}}
{{/each}}{{/if}}
The period: {{period.from}} to {{period.until}} ({{period.length}}). The encounter so far, in front of everyone:
{{#each transcript}}{{this}}
{{/each}}`;

// CharacterSimulation in a cohort (stage "cohort_member", principal: the member): one member's turn in one round of
// an off-screen encounter, from its own sheet, the moderator's public timeline and its own earlier notes only.
export default `${COHORT_MEMBER_PREFIX}
Round {{round}} of at most {{max_rounds}}. What does {{char.name}} say and do now?
Reply with JSON only: {"says": "words said aloud, or empty", "does": "what they visibly do, or empty", "thinks": "their private thought", "intends": "what they mean to do next, privately", "leaves": true when they leave the encounter}`;
