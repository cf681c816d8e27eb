// Builds what Electron runs: the main process (ESM) and the sandboxed preload (CJS, fully bundled) into out/electron,
// and the renderer into out/renderer when it exists. Native modules stay external (they load from node_modules).
import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';

const PLACEHOLDER_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Storyloom</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'self'"></head>
<body>
<h1>Storyloom</h1>
<p>The window’s interface is not built in this version yet. Everything already plays in the terminal:</p>
<pre>npm run -s storyloom -- play tutorial --llm local:/path/to/model.gguf</pre>
<p>See the README for models, story packs and the other commands.</p>
</body></html>
`;

const external = ['electron', 'better-sqlite3', 'node-llama-cpp', '@node-llama-cpp/*', 'ws', 'openai', '@jsquash/webp'];
await mkdir('out/electron', { recursive: true });
await build({
  entryPoints: ['electron/main.ts'],
  outfile: 'out/electron/main.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  external,
  banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  logLevel: 'warning',
});
await build({
  entryPoints: ['electron/preload.ts'],
  outfile: 'out/electron/preload.cjs',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  external: ['electron'],
  logLevel: 'warning',
});
// package.json's "main" points here; a tiny CJS shim loads the ESM main so Electron can start it.
await writeFile('out/electron/main.cjs', "import('./main.mjs');\n");

if (existsSync('renderer/index.html')) {
  const { build: viteBuild } = await import('vite');
  await viteBuild({
    root: 'renderer',
    base: './',
    build: { outDir: '../out/renderer', emptyOutDir: true },
    logLevel: 'warn',
  });
} else {
  // Until the React renderer exists, the window says plainly where to play instead of opening blank.
  await mkdir('out/renderer', { recursive: true });
  await writeFile('out/renderer/index.html', PLACEHOLDER_PAGE);
}
console.log('built out/electron' + (existsSync('renderer/index.html') ? ' and out/renderer' : ''));
