import { BOUNDARY_OPENING } from './boundary-opening.ts';
import { CAST_AND_PLACES, CHARACTER_SHEET, LIVED_PERIOD_FIELDS } from './simulated-character.ts';

// StandaloneSimulation (stage "standalone_simulation", principal: the character): one arc_important character
// lives the period. The character's sheet comes right after the shared opening, as its intent check printed it, so
// this call reuses that call's cached prefix; then the cast, the instructions and reply format, and the period.
export default `${BOUNDARY_OPENING}
The character:
{{#with char}}${CHARACTER_SHEET}{{/with}}
${CAST_AND_PLACES}
You simulate this character of the story "{{story.title}}" living through time the protagonist does not see.
Live the period below as this character: they pursue their goals, keep or break their routine, meet whom they would
meet. They act; they do not wait for the protagonist. Write only what this character does, sees and knows: never
another person's private thoughts. Meetings with minor characters are summarised inside the scenes.
Reply with JSON only: {
${LIVED_PERIOD_FIELDS}
}
The period: live {{period.length}} as this character, from {{period.from}} to {{period.until}} ({{period.why}}).
What does {{char.name}} do between {{period.from}} and {{period.until}}?`;
