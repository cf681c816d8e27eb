/**
 * One character's sheet, as every simulation template prints it (inlined: templates have no partials). `{{name}}` is
 * relative to the sheet, so it works under `char` and inside `{{#each members}}`.
 */
export const CHARACTER_SHEET = `{{name}} ({{id}}). {{description}}
Personality: {{personality}}
{{#if faction}}Faction: {{faction}}
{{/if}}{{#if goals}}Goals:
{{#each goals}}- {{this}}
{{/each}}{{/if}}{{#if routine}}Routine:
{{#each routine}}- {{this}}
{{/each}}{{/if}}{{#if states}}State: {{states}}
{{/if}}{{#if situation}}Last known: {{situation}}
{{/if}}{{#if standing}}Where {{name}} stands with others (−1 to +1): {{standing}}
{{/if}}{{#if secrets}}What only {{name}} knows:
{{#each secrets}}- {{this}}
{{/each}}{{/if}}{{#if knowledge.world}}What anyone could know:
{{#each knowledge.world}}- {{this}}
{{/each}}{{/if}}{{#if knowledge.own}}What {{name}} remembers:
{{#each knowledge.own}}- {{this}}
{{/each}}{{/if}}`;

/** Who and where a reply may name, as the simulation templates print it (the same lines, so their calls share them). */
export const CAST_AND_PLACES = `Cast (id — name): {{cast}}
Places (id — name): {{places}}`;

export const LIVED_PERIOD_FIELDS = `"scenes": 1–3 brief first-person scenes [{"when": "...", "where": "place id", "narrative": "..."}],
"memories": what they will remember [{"text": "first person", "salience": 1–10, "entities": ["ids"], "tags": ["..."]}],
"emotional_state": "...", "goal_progress": "...",
"relationship_updates": [{"character": "id", "change": "...", "dimension": "trust|affection|fear", "shift": -0.5 to 0.5}],
"character_events": things they did with or to another character, in their own words [{"character": "id", "event": "...", "my_read": "..."}],
"pending_mc_interaction": null, or when they decide to seek the protagonist {"urgency": "immediate|high|medium|low", "what": "...", "approach": "...", "driver": "...", "what_i_want": "...", "what_i_know": "..."},
"world_events_emitted": only visible consequences anyone could discover [{"where": "place id", "event": "...", "entities": ["ids"]}],
"ends_at": the place id where they are when the period ends, or null`;
