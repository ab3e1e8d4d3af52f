import { SharedBody } from './page-encoding.ts';

/** The success envelope of every JSON answer. */
export const ok = <T>(data: T, rm = '') => ({ rc: 200, rm, data });

/** An answer whose success message depends on what the call did, not on the data alone (a save: saved, published…). */
export class Said<T> {
  readonly data: T;
  readonly rm: string;
  constructor(data: T, rm: string) {
    this.data = data;
    this.rm = rm;
  }
}

/** `ok`'s envelope around its data, split where the data's JSON goes. */
const [ENVELOPE_HEAD, ENVELOPE_TAIL] = JSON.stringify(ok('\0')).split('"\\u0000"') as [string, string];

/**
 * A success envelope encoded as JSON once, for an answer many readers share (a search page): a route's handler may
 * return it instead of the data, and it is sent as it is, without serializing it again. `dataJson` is the data's
 * JSON text when the caller made it from parts encoded once (a feed page from its shared cards' JSON).
 */
export class EncodedAnswer {
  readonly body: Buffer;
  constructor(data: unknown, dataJson: string = JSON.stringify(data)) {
    this.body = Buffer.from(`${ENVELOPE_HEAD}${dataJson}${ENVELOPE_TAIL}`);
  }
}

/**
 * An encoded answer kept and sent to many readers (an anonymous feed page, a search page, a discussion): its brotli
 * and gzip forms are made once too, when first asked for, instead of once per request (http/page-encoding.ts).
 */
export class SharedAnswer extends EncodedAnswer {
  readonly shared = new SharedBody(this.body);
}
