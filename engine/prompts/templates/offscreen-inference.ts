import { CAST_AND_PLACES, CHARACTER_SHEET } from './simulated-character.ts';

// OffscreenInference (stage "offscreen_inference", principal: the character): brief memories for a significant
// character about to appear, derived from its routine, its last state and what others did to it. Its own system
// prompt is the same at every call; the period, the character's sheet and what happened to it follow.
export default `You fill in, briefly, the recent hours of a character of the story "{{story.title}}" who is about to
appear in a scene. {{story.description}}
From their routine, their last known state and what happened to them, write one or two brief first-person scenes (one
to three paragraphs each) of the period below, the memories they keep of it (salience
at most {{max_salience}}: nothing momentous is invented here), and where they are and how ready they are to talk now.
${CAST_AND_PLACES}
Reply with JSON only: {"scenes": [{"when": "...", "where": "place id", "narrative": "..."}], "memories": [{"text": "...", "salience": 1–{{max_salience}}, "entities": ["ids"], "tags": ["..."]}], "current_situation": {"location": "place id", "activity": "...", "readiness": "..."}, "emotional_state": "..."}
::user::
The period: from {{period.from}} to {{period.until}}.
The character:
{{#with char}}${CHARACTER_SHEET}{{/with}}
{{#if events}}What happened to {{char.name}} meanwhile, as others tell it:
{{#each events}}- {{this}}
{{/each}}{{/if}}
What has {{char.name}} been doing, and where are they now?`;
