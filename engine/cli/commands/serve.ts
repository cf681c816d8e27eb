import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { UsageError, type CliCommand } from '../command.ts';
import { createCliEngine } from '../engine-for-cli.ts';
import { RENDERER_BUILD_DIR } from '../install-paths.ts';
import { startWebServer } from '../web/server.ts';

const USAGE = 'storyloom serve [--port N] [--open] [--llm SPEC] [--home DIR]';

/** Web mode: the same engine and renderer as the window, in a browser, on 127.0.0.1 only. */
export const serveCommand: CliCommand = {
  name: 'serve',
  summary: 'Serve Storyloom in your browser (127.0.0.1 only, with a session token)',
  usage: USAGE,
  async run(args, context) {
    const { values } = parseArgs({
      args: [...args],
      options: {
        port: { type: 'string', default: '0' },
        open: { type: 'boolean', default: false },
        llm: { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
    });
    if (values.help) {
      context.io.stdout(`usage: ${USAGE}\n`);
      return 0;
    }
    const port = Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new UsageError(`--port must be 0–65535, got "${values.port}"`);
    const engine = await createCliEngine(context, { llm: values.llm, watchPacks: true });
    for (const problem of engine.startupProblems) context.io.stderr(`warning: ${problem}\n`);
    const server = await startWebServer({
      engine,
      port,
      staticDir: existsSync(RENDERER_BUILD_DIR) ? RENDERER_BUILD_DIR : null,
    });
    context.io.stdout(`Storyloom is being served at ${server.url}\n`);
    if (values.open) openInBrowser(server.url);
    await new Promise<void>((resolve) => context.signal.addEventListener('abort', () => resolve(), { once: true }));
    await server.close();
    await engine.dispose();
    return 0;
  },
};

function openInBrowser(url: string): void {
  const [command, args]: [string, string[]] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '', url]]
        : ['xdg-open', [url]];
  spawn(command, args, { stdio: 'ignore', detached: true })
    .on('error', () => {})
    .unref();
}
