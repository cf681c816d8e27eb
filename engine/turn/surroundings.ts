import type { LogEntry, World } from '../world/index.ts';

/**
 * The weather and the light, for the Narrator only when they matter this turn (prompt size matters most): the weather
 * when it changed since the last narrated turn (a scene boundary's log, or this turn's), the light where the persona
 * is when it changed, when a scene opens somewhere not normally lit, and every turn in the dark, where no one sees
 * anyone. Empty on every other turn.
 */
export function surroundingsLine(
  world: World | null,
  since: { readonly boundaryLog: readonly LogEntry[]; readonly personaId: string; readonly entered: boolean },
): string {
  if (world === null) return '';
  const changes = [...since.boundaryLog, ...world.log].flatMap((entry) => entry.changes);
  const here = world.state.locations[world.state.agents[since.personaId]?.location ?? ''];
  const lines: string[] = [];
  if (changes.some((change) => change.entity === 'environment' && change.property === 'weather'))
    lines.push(`The weather has turned: ${world.state.environment.weather}.`);
  if (here !== undefined) {
    const relit = changes.some((change) => change.entity === 'location' && change.id === here.id);
    if (here.lighting === 'dark')
      lines.push('It is dark here: no one sees anyone; tell only what is heard, felt or smelt.');
    else if (relit || (since.entered && here.lighting !== 'normal')) lines.push(`The light here is ${here.lighting}.`);
  }
  return lines.join(' ');
}
