import { open, rename, rm } from 'node:fs/promises';
import { alignUp, encodeGgufHeader, type GgufTensorInfo, type GgufValue } from './gguf-writer.ts';

/** A tensor whose bytes are produced piece by piece, so a model of any size is written in bounded memory. */
export interface StreamedTensor extends GgufTensorInfo {
  /** Its data in ggml's layout for `type`, in order; a yielded chunk may be reused once the next one is asked for. */
  readonly chunks: () => Iterable<Uint8Array> | AsyncIterable<Uint8Array>;
}

export interface StreamedGguf {
  readonly metadata: ReadonlyMap<string, GgufValue>;
  readonly tensors: readonly StreamedTensor[];
  readonly alignment?: number;
}

/**
 * Writes a GGUF v3 file tensor by tensor. It goes to `<path>.<pid>.partial` first and is renamed when complete, so a crash
 * or an error never leaves a truncated model under the final name. Returns the file's size in bytes.
 */
export async function writeGgufStream(path: string, contents: StreamedGguf): Promise<number> {
  const header = encodeGgufHeader(contents.metadata, contents.tensors, contents.alignment);
  // Per process, so two benchmark runs generating the same model do not write into one file.
  const partial = `${path}.${process.pid}.partial`;
  const file = await open(partial, 'w');
  try {
    let written = await writeAll(file, header.bytes);
    const dataStart = written;
    for (const [index, tensor] of contents.tensors.entries()) {
      const slot = header.layout[index];
      if (slot === undefined) throw new Error(`tensor ${tensor.name} has no place in the header`);
      let size = 0;
      for await (const chunk of tensor.chunks()) {
        size += chunk.length;
        if (size > slot.size) throw new Error(`tensor ${tensor.name}: more than its ${slot.size} bytes of data`);
        written += await writeAll(file, chunk);
      }
      if (size !== slot.size) throw new Error(`tensor ${tensor.name}: ${size} bytes of data, expected ${slot.size}`);
      const next = header.layout[index + 1]?.offset ?? alignUp(slot.offset + slot.size, header.alignment);
      written += await writeAll(file, new Uint8Array(dataStart + next - written));
    }
    await file.close();
    await rename(partial, path);
    return written;
  } catch (error) {
    await file.close().catch(() => {});
    await rm(partial, { force: true });
    throw error;
  }
}

async function writeAll(file: Awaited<ReturnType<typeof open>>, bytes: Uint8Array): Promise<number> {
  let done = 0;
  while (done < bytes.length) {
    const { bytesWritten } = await file.write(bytes, done, bytes.length - done);
    done += bytesWritten;
  }
  return done;
}
