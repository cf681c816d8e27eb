import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { CatalogModel } from '../../api/index.ts';
import { errorMessage } from '../../api/index.ts';

/** The catalog shipped with the app (models/catalog.json at the install root). */
export const DEFAULT_CATALOG_PATH = fileURLToPath(new URL('../../../models/catalog.json', import.meta.url));

const catalogModelSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9.-]*$/u, 'lowercase letters, digits, dots and dashes'),
  size: z.enum(['small', 'medium', 'large']),
  title: z.string().min(1),
  description: z.string().min(1),
  uri: z.string().refine((uri) => uri.startsWith('hf:') || uri.startsWith('https://'), 'a hf: URI or an https URL'),
  fileName: z.string().endsWith('.gguf'),
  downloadBytes: z.number().int().positive(),
  ramBytes: z.number().int().positive(),
  contextLength: z.number().int().positive(),
  license: z.string().min(1),
}) satisfies z.ZodType<CatalogModel>;

export const catalogSchema = z.strictObject({
  version: z.literal(1),
  models: z.array(catalogModelSchema).min(1),
});

/** Reads and validates the model catalog; a broken catalog is an error naming the file and the problem. */
export async function loadCatalog(path: string = DEFAULT_CATALOG_PATH): Promise<CatalogModel[]> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read the model catalog ${path}: ${errorMessage(error)}`, { cause: error });
  }
  const result = catalogSchema.safeParse(json);
  if (!result.success) throw new Error(`the model catalog ${path} is invalid:\n${z.prettifyError(result.error)}`);
  const ids = new Set<string>();
  for (const model of result.data.models) {
    if (ids.has(model.id)) throw new Error(`the model catalog ${path} lists "${model.id}" twice`);
    ids.add(model.id);
  }
  return result.data.models;
}
