import { createContext, useContext } from 'react';
import type { Stores } from '../stores/index.ts';

export const StoresContext = createContext<Stores | null>(null);

/** The window's stores, given once at the root. */
export function useStores(): Stores {
  const stores = useContext(StoresContext);
  if (stores === null) throw new Error('useStores outside <StoresContext>');
  return stores;
}
