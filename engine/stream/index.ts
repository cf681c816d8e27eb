export * from './types.ts';
export * from './visibility.ts';
export * from './state-visibility.ts';
export * from './player-view.ts';
export * from './turn-buffer.ts';
