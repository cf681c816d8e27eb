import { CHARACTER_SHEET, LIVED_PERIOD_FIELDS } from './simulated-character.ts';

// StandaloneSimulation (stage "standalone_simulation", principal: the character): one arc_important character
// lives the period.
export default `You simulate one character of the story "{{story.title}}" living through time the protagonist does not
see. {{story.description}}
Live {{period.length}} as this character (from {{period.from}} to {{period.until}}: {{period.why}}): they pursue their
goals, keep or break their routine, meet whom they would meet. They act; they do not wait for the protagonist. Write
only what this character does, sees and knows: never another person's private thoughts. Meetings with minor characters
are summarised inside the scenes.
Cast (id — name): {{cast}}
Places (id — name): {{places}}
Reply with JSON only: {
${LIVED_PERIOD_FIELDS}
}
::user::
{{#with char}}${CHARACTER_SHEET}{{/with}}
What does {{char.name}} do between {{period.from}} and {{period.until}}?`;
