/**
 * Scripted replies for three turns in the bindery (only Odile, who is baked, acts there, so any seed replays them).
 * Turn 2's first narrator call fails; its retry takes the next entries. Extractors answer generically, with spares,
 * because a failed turn may or may not have consumed theirs.
 */
const extractors = Array.from(
  { length: 8 },
  () => `
- stage: persona_extractor
  reply: { changes: [], summary: No change. }
- stage: character_extractor
  reply: { changes: [], summary: No change. }
- stage: lore_extractor
  reply: { facts: [], summary: Nothing new. }`,
).join('');

export const SHOP_SCRIPT = `
# Turn 1
- stage: narrator
  expect: I hang up my coat
  reply:
    beats:
      - type: narration
        content: You hang your damp coat on the peg by the door. The shop smells of paste and old paper, and somewhere behind the curtain a kettle is beginning to sing.
      - type: cue
        character: odile-fenn
        mood: delighted
        context: her new apprentice has just said they are ready to learn
- stage: character_dialog
  delayMs: 900
  reply: Ready, are you? Good. Wash your hands first, love — paste forgives a great deal, but not jam.
- stage: npc_intent
  reply: { thought: "Careful hands. The nerves will pass.", intention: "Tie an apron on Robin and lay out a bone folder on the bench." }
- stage: narrator
  reply:
    beats:
      - type: narration
        content: Odile knots a canvas apron at your back, then sets out a bone folder, an awl and a paste brush in a neat row, like a surgeon's tray.
# Turn 2: the first attempt fails
- stage: narrator
  error: provider
  message: the model server went away
- stage: narrator
  expect: bone folder
  reply:
    beats:
      - type: narration
        content: You turn the bone folder over in your fingers. It is smooth and pale and faintly warm, like a pebble from a summer beach.
      - type: cue
        character: odile-fenn
        mood: patient
        context: Robin asked what the bone folder is for
- stage: character_dialog
  reply: It makes a fold that stays folded. Crease once, firmly, and never argue with the grain.
- stage: npc_intent
  reply: { thought: "", intention: "Slide a sheet of scrap paper across the bench." }
- stage: narrator
  reply:
    beats:
      - type: narration
        content: Odile slides a sheet of scrap paper across the bench towards you.
# Turn 3
- stage: narrator
  expect: scrap
  reply:
    beats:
      - type: narration
        content: You fold the scrap in half and draw the bone folder along the crease. The fold lies down flat, obedient as a cat.
- stage: npc_intent
  reply: { thought: "There. A natural.", intention: "Nod once, approvingly." }
- stage: narrator
  reply:
    beats:
      - type: narration
        content: Odile nods once. From her, you suspect, that is a standing ovation.
${extractors}
`;
