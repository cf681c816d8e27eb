/**
 * The system message every scene-boundary prompt opens with, word for word: the story, and nothing of the stage or of
 * a character. A local model's KV sequence that holds one boundary call's prompt so serves this opening to any other;
 * each template then puts what its calls share (the world's facts, the cast, its own instructions and reply format)
 * before what is one call's own (a character's sheet, its view of the scene), which comes last (ARCHITECTURE §7:
 * stable first, volatile last). The intent check, the standalone simulation and the cohort member instead put the
 * character's sheet right after the opening: one character's calls at a boundary share it whole, and it is far longer
 * than their instructions. A template ends its opening with the `::user::` marker of its final user message.
 */
export const BOUNDARY_OPENING = `You work on the story "{{story.title}}" between its scenes. {{story.description}}
::user::`;
