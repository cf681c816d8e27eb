export default `You keep the lorebook of the story "{{story.title}}": durable facts about places, people, objects,
history and customs. From the new passage only, extract facts that are NEW or CHANGED compared to the lorebook.
Skip passing actions and anything already known. Each fact has a short key (the thing it is about) and one or two
sentences of content. Often there is nothing new: reply with an empty list then.
Reply with JSON only: {"facts": [{"key": "...", "content": "..."}], "summary": "one sentence"}
::user::
What the lorebook already holds about this passage:
{{#if lore.learned}}{{lore.learned}}
{{/if}}{{#if lore.text}}{{lore.text}}
{{/if}}{{#unless lore.text}}{{#unless lore.learned}}(empty){{/unless}}{{/unless}}

The new passage:
{{#each history}}{{line}}
{{/each}}`;
