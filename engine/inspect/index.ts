// The read side: what a save held as of a turn, for the debug drawer and `storyloom inspect` (through the host's
// handlers), and its story as a transcript. Nothing here writes to a save.
export { buildTruthView } from './truth-view.ts';
export { contextView, landscapeView } from './storykeeper-views.ts';
export { chronicleView } from './chronicle-view.ts';
export { knowledgeGraphView } from './knowledge-graph-view.ts';
export { stageCallRecords, streamPage, turnRecords } from './stream-views.ts';
export { transcript } from './transcript.ts';
