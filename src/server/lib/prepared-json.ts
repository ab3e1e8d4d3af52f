/**
 * An answer's data serialized once, for a big answer that many readers get alike within a cache's few seconds (the
 * whole tree of a long discussion): every answer then writes the same bytes instead of serializing ~1 MB of JSON
 * and buffering its own copy. Routes send it inside the usual envelope (http/route.ts).
 */
export class PreparedJson {
  readonly bytes: Buffer;
  constructor(value: unknown) {
    this.bytes = Buffer.from(JSON.stringify(value));
  }
}
