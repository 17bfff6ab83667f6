import sharp from 'sharp';
import zlib from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { PNG } from 'pngjs';

/** Real files of each kind the documents panel accepts or refuses, made in memory. */
export async function pdfFile(text = 'Purchase agreement'): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([300, 200]);
  page.drawText(text, { x: 20, y: 100, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await pdf.save());
}

/** A small JPEG photo, as a camera writes one. */
export const photoFile = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();

export const pngFile = () =>
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

export const jpegFile = () =>
  Buffer.concat([
    Buffer.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
    ]),
    Buffer.alloc(200, 0),
    Buffer.from([0xff, 0xd9]),
  ]);

/** An OLE compound file, the container of legacy .doc files. */
export const legacyDocFile = () => {
  const header = Buffer.alloc(1536, 0);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  header.writeUInt16LE(0x003e, 24);
  header.writeUInt16LE(0x0003, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(0x0009, 30);
  return header;
};

/** A minimal Word document: a stored (uncompressed) zip with the parts Word and file-type look for. */
export function docxFile(): Buffer {
  const parts: [string, string][] = [
    [
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ],
    [
      '_rels/.rels',
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ],
    [
      'word/document.xml',
      '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Hello</w:t></w:r></w:p></w:body></w:document>',
    ],
  ];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of parts) {
    const data = Buffer.from(text);
    const nameBytes = Buffer.from(name);
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A Windows executable header, the kind of thing someone might rename to .pdf. */
export const executableFile = () => {
  const file = Buffer.alloc(512, 0);
  file.write('MZ', 0, 'latin1');
  file.writeUInt32LE(0x80, 0x3c);
  file.write('PE\0\0', 0x80, 'latin1');
  return file;
};

export const htmlFile = () => Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

export const textFile = () => Buffer.from('Just some notes, not a Word document.\n');

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
export function multipartBody(
  fileName: string,
  content: Buffer,
  mime = 'application/octet-stream',
  fields: Record<string, string> = {},
) {
  const boundary = `----torque${Math.random().toString(16).slice(2)}`;
  // Fields go before the file, as a browser's FormData sends them when appended first.
  const fieldParts = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const head = Buffer.from(
    `${fieldParts}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName.replaceAll('"', '%22')}"\r\nContent-Type: ${mime}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * A signed minor co-signer agreement as the form uploads it (its fields, both signatures and the PDF), for tests that
 * need one to exist; `fields` adds to the data (`customer_id`).
 */
export async function agreementUpload(fields: Record<string, unknown> = {}) {
  const signature = (seed: number) => ({ image: signatureDataUrl(seed), signed_at: new Date().toISOString(), consent: true });
  const data = {
    ...fields,
    minor_name: 'Jamie Lee',
    minor_age: 16,
    parent_name: 'Pat Lee',
    parent_email: 'pat@example.com',
    parent_phone: '(512) 555-0199',
    parent_relationship: 'Mother',
    vehicle_details: '2019 Honda Civic LX',
    deal_amount: '14500',
    parent_signature: signature(1),
    minor_signature: signature(2),
  };
  return multipartBody('agreement.pdf', await pdfFile('Co-signer agreement'), 'application/pdf', { data: JSON.stringify(data) });
}

/** The text a PDF shows: pdf-lib writes it as hex strings inside deflated content streams. */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  let at = pdf.indexOf('stream');
  while (at !== -1) {
    let start = at + 'stream'.length;
    if (pdf[start] === 0x0d) start++;
    if (pdf[start] === 0x0a) start++;
    const end = pdf.indexOf('endstream', start);
    try {
      const content = zlib.inflateSync(pdf.subarray(start, end)).toString('latin1');
      for (const match of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g))
        lines.push(Buffer.from(match[1]!, 'hex').toString('latin1'));
    } catch {
      // not a deflated content stream (fonts, metadata)
    }
    at = pdf.indexOf('stream', end + 'endstream'.length);
  }
  return lines.join('\n');
}

/** A drawn signature as the signature pad sends it: a PNG data URL with a stroke across it. */
export function signatureDataUrl(seed = 0): string {
  const png = new PNG({ width: 300, height: 100 });
  for (let x = 10; x < 290; x++) {
    const y = Math.round(50 + 30 * Math.sin((x + seed) / 20));
    for (let dy = -1; dy <= 1; dy++) png.data[((y + dy) * 300 + x) * 4 + 3] = 255;
  }
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}
