import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

/** A small portrait PNG: a dusk gradient with a pale band, enough to see a cover drawn. */
export function coverPng(width = 120, height = 160): Buffer {
  const rows: number[] = [];
  for (let y = 0; y < height; y += 1) {
    rows.push(0);
    for (let x = 0; x < width; x += 1) {
      const band = Math.abs(y - height * 0.62) < 6;
      const t = y / height;
      rows.push(band ? 240 : Math.round(40 + 150 * t), band ? 214 : Math.round(60 + 60 * t), band ? 160 : 110 - x / 4);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A user pack (a copy of the tutorial under another id) with `cover: cover.png` in its story.yaml. */
export function writeCoverPack(home: string, id = 'harbour-lights', title = 'Harbour Lights'): void {
  const dir = join(home, 'stories', id);
  cpSync('stories/tutorial', dir, { recursive: true });
  const story = readFileSync(join(dir, 'story.yaml'), 'utf8')
    .replace(/^id: .*$/mu, `id: ${id}`)
    .replace(/^title: .*$/mu, `title: ${title}`)
    .replace(/^ifid: .*$/mu, 'ifid: 9b1f0c6e-2d4a-4c55-8f0e-3a7d5e2b9c11');
  writeFileSync(join(dir, 'story.yaml'), `${story}\ncover: cover.png\n`);
  writeFileSync(join(dir, 'cover.png'), coverPng());
}
