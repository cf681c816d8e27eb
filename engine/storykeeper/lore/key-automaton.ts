/**
 * Many keys found in one pass over a text (Aho–Corasick): the work grows with the text and the hits, not with the
 * number of keys, so a lorebook of thousands of entries costs what a short one does. Built once per lorebook.
 */
export interface AutomatonKey {
  /** The key as it must appear (already lower-cased for a case-insensitive automaton). */
  readonly text: string;
  /** Only where a word starts and ends: no letter, digit or underscore right before or after. */
  readonly wholeWord: boolean;
}

export interface KeyAutomaton {
  /** Calls `hit` with the index of each key found in `text` (a key may be reported more than once). */
  scan(text: string, hit: (key: number) => void): void;
}

const ROOT = 0;

export function buildKeyAutomaton(keys: readonly AutomatonKey[]): KeyAutomaton {
  const next: Map<number, number>[] = [new Map()];
  const outputs: number[][] = [[]];
  keys.forEach((key, index) => {
    let node = ROOT;
    for (let i = 0; i < key.text.length; i++) {
      const code = key.text.charCodeAt(i);
      let child = next[node]?.get(code);
      if (child === undefined) {
        child = next.length;
        next.push(new Map());
        outputs.push([]);
        next[node]?.set(code, child);
      }
      node = child;
    }
    if (key.text.length > 0) outputs[node]?.push(index);
  });
  const fail = new Int32Array(next.length);
  const queue: number[] = [];
  for (const child of next[ROOT]?.values() ?? []) queue.push(child);
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head] ?? ROOT;
    for (const [code, child] of next[node] ?? []) {
      let link = fail[node] ?? ROOT;
      while (link !== ROOT && !(next[link]?.has(code) ?? false)) link = fail[link] ?? ROOT;
      const target = next[link]?.get(code);
      fail[child] = target !== undefined && target !== child ? target : ROOT;
      // A node also ends every key that ends at its failure link (a suffix of its path).
      const inherited = outputs[fail[child] ?? ROOT] ?? [];
      if (inherited.length > 0) outputs[child] = [...(outputs[child] ?? []), ...inherited];
      queue.push(child);
    }
  }
  const lengths = keys.map((key) => key.text.length);
  const whole = keys.map((key) => key.wholeWord);
  const step = flatten(next);
  return {
    scan(text, hit) {
      let node = ROOT;
      for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        let child = step(node, code);
        while (child < 0 && node !== ROOT) {
          node = fail[node] ?? ROOT;
          child = step(node, code);
        }
        node = child < 0 ? ROOT : child;
        const found = outputs[node];
        if (found === undefined || found.length === 0) continue;
        for (const key of found) {
          if (whole[key] === true && !isWholeWord(text, i - (lengths[key] ?? 0) + 1, i + 1)) continue;
          hit(key);
        }
      }
    },
  };
}

/**
 * The transitions as flat typed arrays (a node's edges sorted by character, searched in place), and the root's as a
 * table indexed by character: scanning is the hot loop of every stage call, and Maps cost several times more.
 */
function flatten(next: readonly Map<number, number>[]): (node: number, code: number) => number {
  const rootTable = new Int32Array(0x10000).fill(-1);
  for (const [code, child] of next[ROOT] ?? []) rootTable[code] = child;
  const start = new Int32Array(next.length + 1);
  let edges = 0;
  next.forEach((children, node) => {
    start[node] = edges;
    edges += node === ROOT ? 0 : children.size;
  });
  start[next.length] = edges;
  const codes = new Uint16Array(edges);
  const targets = new Int32Array(edges);
  next.forEach((children, node) => {
    if (node === ROOT) return;
    let at = start[node] ?? 0;
    for (const [code, child] of [...children].sort((a, b) => a[0] - b[0])) {
      codes[at] = code;
      targets[at] = child;
      at++;
    }
  });
  return (node, code) => {
    if (node === ROOT) return rootTable[code] ?? -1;
    let low = start[node] ?? 0;
    let high = (start[node + 1] ?? 0) - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const at = codes[mid] ?? 0;
      if (at === code) return targets[mid] ?? -1;
      if (at < code) low = mid + 1;
      else high = mid - 1;
    }
    return -1;
  };
}
function isWholeWord(text: string, start: number, end: number): boolean {
  return !isWordChar(text, start - 1) && !isWordChar(text, end);
}

const WORD = /[\p{L}\p{N}_]/u;

function isWordChar(text: string, index: number): boolean {
  if (index < 0 || index >= text.length) return false;
  const code = text.charCodeAt(index);
  if (code < 128)
    return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
  return WORD.test(text[index] ?? '');
}
