import { CHARACTER_SHEET } from './simulated-character.ts';

// IntentCheck (stage "intent_check", principal: the asking character): one question, answered from its own view. Its
// own system prompt (role, instructions, reply format) holds nothing of one boundary or one character, so a local
// model serves it from the cache at every call; the character's sheet, the period and the others in question follow.
export default `You speak for one character of the story "{{story.title}}" between scenes. {{story.description}}
The story is about to move on by the period given below. Decide, as the character would, whom they will go looking for
in that time, whom they will keep away from, and what they will do for themselves.
Answer from what the character knows and wants, nothing else.
Reply with JSON only: {"seeking": [{"character": "id", "intent": "...", "urgency": "immediate|high|medium|low", "timing": "...", "if_unavailable": "..."}], "avoiding": [{"character": "id", "reason": "...", "if_encountered": "..."}], "self_focused": "..."}
::user::
The character:
{{#with char}}${CHARACTER_SHEET}{{/with}}
The period: the story moves on {{period.length}}, from {{period.from}} to {{period.until}}.
The others in question:
{{#each others}}- {{this}}
{{/each}}
During this period, would {{char.name}} seek out any of them, avoid them, or keep to their own business?`;
