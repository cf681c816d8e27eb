import { describe, expect, it } from 'vitest';
import { completeCommand, matchCommands } from '../../../renderer/play/commands.ts';
import { stageLabel } from '../../../renderer/play/stage-label.ts';
import { isVisible } from '../../../renderer/play/visible.ts';
import { mergeMessages } from '../../../renderer/stores/merge-messages.ts';
import { message } from './fixtures.ts';

const names = (owner: string) => ({ 'odile-fenn': 'Odile Fenn' })[owner] ?? owner;

describe('play helpers', () => {
  it('names the running stage in words', () => {
    expect(stageLabel({ stage: 'narrator', principal: 'narrator' }, names, 'robin')).toBe('The narrator is writing…');
    expect(stageLabel({ stage: 'character_dialog', principal: 'odile-fenn' }, names, 'robin')).toBe(
      'Odile Fenn is speaking…',
    );
    expect(stageLabel(null, names, 'robin')).toBe('The story is stirring…');
  });

  it('completes /commands from what was typed', () => {
    expect(matchCommands('/u').map((command) => command.name)).toEqual(['/undo']);
    expect(matchCommands('/undo')).toEqual([]);
    expect(matchCommands('I go')).toEqual([]);
    const skip = matchCommands('/sk')[0];
    expect(skip === undefined ? null : completeCommand(skip)).toBe('/skip ');
  });

  it('shows others’ intentions and thoughts only in the Sandbox', () => {
    expect(isVisible({ type: 'thought', owner: 'robin' }, 'robin', false)).toBe(true);
    expect(isVisible({ type: 'thought', owner: 'odile-fenn' }, 'robin', false)).toBe(false);
    expect(isVisible({ type: 'intention', owner: 'odile-fenn' }, 'robin', true)).toBe(true);
    expect(isVisible({ type: 'system', owner: 'system' }, 'robin', true)).toBe(false);
  });

  it('merges messages in id order without duplicates', () => {
    const merged = mergeMessages([message(1), message(3)], [message(3), message(2), message(4)]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3, 4]);
  });
});
