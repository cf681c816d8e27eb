import { writeFiles, MINIMAL_PACK } from './test/unit/pack/temp-pack.ts';
import { loadPack, formatDiagnostic } from './engine/pack/index.ts';
import { mkdtemp } from 'node:fs/promises';
const dir = await mkdtemp('/tmp/sl-');
await writeFiles(dir, MINIMAL_PACK);
const r = await loadPack(dir, { appVersion: '0.1.0' });
console.log(r.diagnostics.map((d) => formatDiagnostic(d)));
console.log(JSON.stringify(r.pack, null, 1).slice(0, 2500));
