import { z } from 'zod';

// Imported first by main.tsx, before any schema runs. zod probes whether it may compile validators with
// `new Function`; under the page's Content-Security-Policy (no eval) the probe fails quietly but is still reported as
// a policy violation. jitless skips the probe and the compiled fast path, which this page does not need.
z.config({ jitless: true });
