import { describe, expect, it } from 'vitest';
import { isRussianError, useTestApp, type Visitor } from '../../testing/harness.ts';
import { messages } from '../../../shared/catalogue.ts';
import type { ChatDetails, Message } from '../../../shared/messenger.ts';
import { parse } from 'content-disposition';

/** The name a browser saves a download under (`filename*` when given, else `filename`). */
const downloadName = (res: { headers: Record<string, unknown> }) => {
  const header = parse(String(res.headers['content-disposition']));
  expect(header.type).toBe('attachment');
  return header.parameters.filename;
};

/** Files (pdf, text…) as message attachments: the media module's file upload, the message, the download. */
const { signedIn } = useTestApp({ logLevel: 'error', uploadMaxMb: 1 });

function uploadFile(v: Visitor, data: Buffer, name: string, type = 'application/octet-stream') {
  return v.upload('/v3.0/andropov/upload/file', [{ field: 'file', name, type, data }], { fields: { name } });
}

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

describe('file attachments', () => {
  it('uploads a pdf and a text file, sends them, and serves them only as downloads', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const chat = (await a.v.post('/v3.0/messenger/chats/create', { type: 'direct', user_ids: [b.id] })).json()
      .data as ChatDetails;

    const pdfRes = await uploadFile(a.v, PDF, 'Отчёт.pdf', 'application/pdf');
    expect(pdfRes.statusCode, pdfRes.body).toBe(200);
    const pdf = pdfRes.json().data.result;
    expect(pdf).toMatchObject({ type: 'file', data: { type: 'file', mime: 'application/pdf', size: PDF.length } });
    const text = Buffer.from('Привет, это список дел\n1. купить хлеб\n');
    const txt = (await uploadFile(a.v, text, 'дела.txt', 'text/plain')).json().data.result;
    expect(txt).toMatchObject({ type: 'file', data: { mime: 'text/plain; charset=utf-8', size: text.length } });

    const sent = await a.v.post(`/v3.0/messenger/chats/${chat.id}/send`, {
      text: 'Файлы',
      attachments: [
        { uuid: pdf.data.uuid, name: 'Отчёт.pdf' },
        { uuid: txt.data.uuid, name: 'дела.txt' },
      ],
    });
    expect(sent.json().rc, sent.body).toBe(200);
    const page = (await b.v.get(`/v3.0/messenger/chats/${chat.id}/messages`)).json().data as { items: Message[] };
    expect(page.items.at(-1)!.attachments).toEqual([
      { uuid: pdf.data.uuid, type: 'file', mime: 'application/pdf', size: PDF.length, name: 'Отчёт.pdf' },
      { uuid: txt.data.uuid, type: 'file', mime: 'text/plain; charset=utf-8', size: text.length, name: 'дела.txt' },
    ]);

    const got = await b.v.get(`/media/${pdf.data.uuid}/`);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PDF)).toBe(true);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(downloadName(got)).toBe(`${pdf.data.uuid}.pdf`);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    const gotText = await b.v.get(`/media/${txt.data.uuid}/`);
    expect(gotText.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(downloadName(gotText)).toBe(`${txt.data.uuid}.txt`);
    // The message's link names the file: it downloads under that name (RFC 8187 for Cyrillic, an ASCII fallback),
    // always with its stored type's extension, whatever the link says.
    const named = await b.v.get(`/media/${pdf.data.uuid}/?name=${encodeURIComponent('Отчёт за май.pdf')}`);
    expect(named.headers['content-disposition']).toContain(`filename*=UTF-8''`);
    expect(downloadName(named)).toBe('Отчёт за май.pdf');
    for (const [given, expected] of [
      ['virus.exe', 'virus.pdf'],
      ['../../etc/passwd', 'etcpasswd.pdf'],
      ['"; filename=x.html', 'filenamex.pdf'],
      ['...', `${pdf.data.uuid}.pdf`],
      ['x'.repeat(500), `${'x'.repeat(100)}.pdf`],
    ]) {
      const res = await b.v.get(`/media/${pdf.data.uuid}/?name=${encodeURIComponent(given)}`);
      expect(downloadName(res), given).toBe(expected);
    }
    // No derivatives of a file.
    expect(isRussianError(await b.v.get(`/media/${pdf.data.uuid}/-/format/webp/`), 400)).toBe(true);
  });

  it('refuses html, svg, binary text and unknown kinds, and files over the size limit, in Russian', async () => {
    const a = await signedIn();
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const [data, name] of [
      [html, 'page.html'],
      [svg, 'picture.svg'],
      [svg, 'picture.pdf'],
      [Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0]), 'setup.exe'],
      [Buffer.from([0xff, 0xfe, 0, 0x41, 0x42]), 'bad.txt'],
    ] as const) {
      const res = await uploadFile(a.v, data, name);
      expect(isRussianError(res as never, 400), `${name}: ${res.body}`).toBe(true);
    }
    // html named .txt is kept as text, and goes out as a plain-text download the browser never renders.
    const disguised = (await uploadFile(a.v, html, 'readme.txt')).json().data.result;
    const got = await a.v.get(`/media/${disguised.data.uuid}/`);
    expect(got.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(parse(String(got.headers['content-disposition'])).type).toBe('attachment');
    expect(got.headers['x-content-type-options']).toBe('nosniff');

    const big = await uploadFile(a.v, Buffer.alloc(1024 * 1024 + 10, 0x41), 'big.txt');
    expect(isRussianError(big as never, 400)).toBe(true);
    expect(big.json().rm).toBe(messages.mediaTooLarge(1));
  });
});
