import { CHARACTER_SHEET, LIVED_PERIOD_FIELDS } from './simulated-character.ts';

// CharacterSimulation in a cohort, closing (stage "cohort_member", principal: the member): once the encounter is over,
// the member's own account of the whole period, kept in its own knowledge graph alone.
export default `You speak for one character of the story "{{story.title}}" during time the protagonist does not see.
{{story.description}}
The character has just been through an encounter with others who sought each other out, and lives the rest of the
period ({{period.length}}, from {{period.from}} to {{period.until}}: {{period.why}}) on their own. Write their account of
the whole period: what THEY did, saw, concluded and now remember. They know only their own secrets and memories and
what the others said and did in front of them; they never know the others' thoughts.
Cast (id — name): {{cast}}
Places (id — name): {{places}}
Reply with JSON only: {
${LIVED_PERIOD_FIELDS}
}
::user::
{{#with char}}${CHARACTER_SHEET}{{/with}}
The others in the encounter:
{{#each others}}- {{this}}
{{/each}}
{{#if notes}}What {{char.name}} privately thought and meant during the encounter:
{{#each notes}}- {{this}}
{{/each}}{{/if}}
The encounter, as it happened in front of everyone:
{{#each transcript}}{{this}}
{{/each}}
What is {{char.name}}'s account of the period from {{period.from}} to {{period.until}}?`;
