import { isProducible, type Predicate, type Subscription } from '../events/index.ts';
import type { DiagnosticSink } from './diagnostics.ts';
import { narrativeItems } from './narrative-file.ts';
import type { Section, Sourced } from './pack-files.ts';
import { at } from './references.ts';
import type { PackNarrative } from './schema/narrative.ts';
import type { DataPath } from './yaml-locate.ts';

type Mention = { readonly path: DataPath; readonly key: string };

/**
 * Every proposition a trigger, gate, scene, sub-graph or prophecy waits on must be able to come true: produced by an
 * event, or judged by Stage 4 (which may judge any interpretive proposition the story names). One that neither can
 * produce — a misspelt `TrustGrowth(...)`, an unknown `Feels(...)`, a wrong number of arguments — waits forever.
 */
export function checkProducibleAtoms(
  triggers: Section<Subscription>,
  narrative: Section<PackNarrative>,
  sink: DiagnosticSink,
): void {
  const report = (item: Sourced<unknown>, what: string, mentions: readonly Mention[]) => {
    for (const { path, key } of mentions) {
      if (isProducible(key)) continue;
      sink.warning(
        at(item, path, 'value'),
        `${what} waits on "${key}", which nothing can ever make true: no event produces it and Stage 4 cannot judge it`,
      );
    }
  };
  for (const trigger of triggers.items) {
    const sensitivity = trigger.value.sensitivity.map((s, i) => ({
      path: ['sensitivity', i, 'proposition'],
      key: s.proposition,
    }));
    report(trigger, `trigger "${trigger.value.id}"`, [
      ...atoms(trigger.value.predicate, ['predicate']),
      ...sensitivity,
    ]);
  }
  if (!narrative.complete) return;
  for (const gate of narrativeItems(narrative, 'gates').items)
    report(gate, `gate "${gate.value.id}"`, atoms(gate.value.predicate, ['predicate']));
  for (const scene of narrativeItems(narrative, 'scenes').items) {
    const { approachVectors, requiredCast, exitConditions } = scene.value;
    report(scene, `scene "${scene.value.id}"`, [
      ...approachVectors.flatMap((vector, v) => [
        ...vector.conditions.map((c, i) => ({
          path: ['approachVectors', v, 'conditions', i, 'proposition'],
          key: c.proposition,
        })),
        ...(vector.emotionalTarget === undefined
          ? []
          : [{ path: ['approachVectors', v, 'emotionalTarget'], key: vector.emotionalTarget }]),
      ]),
      ...requiredCast.flatMap((cast, i) =>
        cast.relation === undefined ? [] : [{ path: ['requiredCast', i, 'relation'], key: cast.relation }],
      ),
      ...exitConditions.flatMap((exit, i) => atoms(exit.when, ['exitConditions', i, 'when'])),
    ]);
  }
  for (const subGraph of narrativeItems(narrative, 'subGraphs').items)
    report(
      subGraph,
      `sub-graph "${subGraph.value.id}"`,
      subGraph.value.drivers.map((d, i) => ({ path: ['drivers', i, 'proposition'], key: d.proposition })),
    );
  for (const prophecy of narrativeItems(narrative, 'prophecies').items)
    if (prophecy.value.fulfilment !== undefined)
      report(prophecy, `prophecy "${prophecy.value.id}"`, atoms(prophecy.value.fulfilment, ['fulfilment']));
}

/** The propositions and accumulators a predicate reads, each with its path in the file. */
function atoms(predicate: Predicate, path: DataPath): Mention[] {
  switch (predicate.kind) {
    case 'Atom':
      return 'proposition' in predicate
        ? [{ path: [...path, 'proposition'], key: predicate.proposition }]
        : [{ path: [...path, 'accumulator'], key: predicate.accumulator }];
    case 'All':
    case 'Any':
    case 'Threshold':
      return predicate.of.flatMap((child, i) => atoms(child, [...path, 'of', i]));
    case 'Not':
      return atoms(predicate.of, [...path, 'of']);
    case 'Difference':
      return [...atoms(predicate.include, [...path, 'include']), ...atoms(predicate.exclude, [...path, 'exclude'])];
    case 'After':
    case 'Since':
      return [
        { path: [...path, 'proposition'], key: predicate.proposition },
        { path: [...path, 'anchor'], key: predicate.anchor },
      ];
    case 'Sequence':
      return predicate.of.map((key, i) => ({ path: [...path, 'of', i], key }));
    case 'Within':
      return [{ path: [...path, 'proposition'], key: predicate.proposition }];
  }
}
