import { SectionLists } from './SectionLists.tsx';

/**
 * The simulation events the Chronicler read this cycle: the cycle before's, never its own (it runs beside the
 * simulation, so what the characters do now reaches it at the next boundary). Nothing when it took in none.
 */
export function TookIn(props: { readonly events: readonly string[] }) {
  return <SectionLists sections={[{ title: 'Took in from the cycle before', lines: props.events }]} />;
}
