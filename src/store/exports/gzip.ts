// Gzip whose bytes follow from the data alone: the header is written here (no time, no file
// name, no operating system: the same bytes on every machine) around zlib's raw deflate at a
// fixed level, with the CRC-32 and size trailer. Node's gzipSync puts the build machine's
// operating system in its header, so an export made on another platform would get a new name.
//
// Two ways to the same bytes: `gzip` compresses on the calling thread (an update's part or two),
// `gzipOffThread` on one of libuv's pool threads, so that a build goes on reading the next part
// while the last ones are compressed.
import { promisify } from 'node:util';
import { crc32, deflateRaw, deflateRawSync, type ZlibOptions } from 'node:zlib';

/** zlib's default level: within a few percent of the smallest output, at half the time of level 9. */
export const GZIP_LEVEL = 6;

const DEFLATE: ZlibOptions = { level: GZIP_LEVEL };

/**
 * ID1 ID2 (gzip), CM 8 (deflate), FLG 0 (no name, comment or extra field), MTIME 0 (none), XFL 0,
 * OS 255 (unknown).
 */
export const GZIP_HEADER = Uint8Array.of(0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255);

function framed(data: Uint8Array, deflated: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(GZIP_HEADER.length + deflated.length + 8);
  out.set(GZIP_HEADER);
  out.set(deflated, GZIP_HEADER.length);
  const trailer = new DataView(out.buffer, GZIP_HEADER.length + deflated.length);
  trailer.setUint32(0, crc32(data), true);
  // The size modulo 2^32, as gzip defines it.
  trailer.setUint32(4, data.length >>> 0, true);
  return out;
}

export function gzip(data: Uint8Array): Uint8Array<ArrayBuffer> {
  return framed(data, deflateRawSync(data, DEFLATE));
}

const deflateRawAsync = promisify(deflateRaw);

/**
 * Room for the whole output at once: deflate never grows data by more than a few bytes per 16 KB
 * block, and a pool thread then deflates the part in one go. With zlib's 16 KB chunks each chunk
 * went back to the main thread for the next, and waited there while it read the next part's texts.
 */
const outputRoom = (data: Uint8Array) => Math.max(64 * 1024, data.length + (data.length >>> 10) + 1024);

/** The bytes `gzip` gives, deflated on a pool thread. */
export async function gzipOffThread(data: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  return framed(data, await deflateRawAsync(data, { ...DEFLATE, chunkSize: outputRoom(data) }));
}
