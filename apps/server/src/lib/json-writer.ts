/**
 * Writes JSON as UTF-8 straight into one growing buffer: a page is 120 cards of ~10 pieces each,
 * and joining them as strings (ropes flattened, Chinese text in two-byte strings, then encoded
 * again for the socket and the compressor) cost more than everything else of a page.
 */
export class JsonWriter {
  private buf = Buffer.allocUnsafe(192 * 1024);
  private at = 0;

  private room(n: number) {
    if (this.at + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.at + n));
    this.buf.copy(next, 0, 0, this.at);
    this.buf = next;
  }

  reset(): this {
    this.at = 0;
    return this;
  }

  /** Text of ASCII characters only (keys, numbers, dates, codes). */
  ascii(s: string): this {
    const n = s.length;
    this.room(n);
    if (n > 64) {
      this.at += this.buf.write(s, this.at, 'latin1');
      return this;
    }
    const buf = this.buf;
    let at = this.at;
    for (let i = 0; i < n; i++) buf[at++] = s.charCodeAt(i);
    this.at = at;
    return this;
  }

  utf8(s: string): this {
    this.room(s.length * 3);
    this.at += this.buf.write(s, this.at, 'utf8');
    return this;
  }

  bytes(src: Buffer, start = 0, end = src.length): this {
    const n = end - start;
    this.room(n);
    if (n > 64) {
      this.at += src.copy(this.buf, this.at, start, end);
      return this;
    }
    // Short pieces byte by byte: cheaper than a copy's set-up.
    const buf = this.buf;
    let at = this.at;
    for (let i = start; i < end; i++) buf[at++] = src[i]!;
    this.at = at;
    return this;
  }

  /** A copy of what was written (the writer is reused). */
  take = (): Buffer => {
    const out = Buffer.allocUnsafe(this.at);
    this.buf.copy(out, 0, 0, this.at);
    return out;
  };
  text = (): string => this.buf.toString('utf8', 0, this.at);
}
