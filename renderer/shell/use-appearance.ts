import { useEffect } from 'react';
import type { Appearance } from '../stores/settings-store.ts';

const FONTS: Record<Appearance['font'], string> = {
  serif: 'var(--font-serif)',
  sans: 'var(--font-sans)',
  mono: 'var(--font-mono)',
};

/** Puts the reader's theme, font and size on the document, where the stylesheet picks them up. */
export function useAppearance(appearance: Appearance): void {
  useEffect(() => {
    const root = document.documentElement;
    root.dataset['theme'] = appearance.theme;
    root.style.setProperty('--reading-font', FONTS[appearance.font]);
    root.style.setProperty('--reading-size', `${appearance.fontSize}px`);
  }, [appearance.theme, appearance.font, appearance.fontSize]);
}
