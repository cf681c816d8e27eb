import { CAST_AND_PLACES, CHARACTER_SHEET, LIVED_PERIOD_FIELDS } from './simulated-character.ts';

// StandaloneSimulation (stage "standalone_simulation", principal: the character): one arc_important character
// lives the period. Its own system prompt (role, instructions, the cast and places, reply format) is the same at every
// call; the character's sheet and the period follow.
export default `You simulate one character of the story "{{story.title}}" living through time the protagonist does not
see. {{story.description}}
Live the period below as this character: they pursue their goals, keep or break their routine, meet whom they would
meet. They act; they do not wait for the protagonist. Write only what this character does, sees and knows: never
another person's private thoughts. Meetings with minor characters are summarised inside the scenes.
${CAST_AND_PLACES}
Reply with JSON only: {
${LIVED_PERIOD_FIELDS}
}
::user::
The character:
{{#with char}}${CHARACTER_SHEET}{{/with}}
The period: live {{period.length}} as this character, from {{period.from}} to {{period.until}} ({{period.why}}).
What does {{char.name}} do between {{period.from}} and {{period.until}}?`;
