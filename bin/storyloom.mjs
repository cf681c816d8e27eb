#!/usr/bin/env node
// Storyloom's command line. The engine is TypeScript run directly by Node's type stripping (Node ≥ 22.18).
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  process.stderr.write(
    `storyloom needs Node.js 22.18 or newer (this is ${process.version}). See "Requirements" in the README.\n`,
  );
  process.exit(1);
}
const { runCli } = await import('../engine/cli/main.ts');
// Output piped into `head` and the like: stop quietly when the reader goes away.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});
const controller = new AbortController();
process.once('SIGINT', () => controller.abort());
const code = await runCli(
  process.argv.slice(2),
  { stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text) },
  process.env,
  controller.signal,
);
process.exitCode = code;
