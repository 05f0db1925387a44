/**
 * An answer kept and sent as UTF-8 bytes (off the JavaScript heap: cached pages of 60-150 kB as
 * strings kept the garbage collector busy), with `body` parsed from them on first use.
 */
export function answerOf<B, E extends object = object>(json: string | Buffer, extra: E): E & { bytes: Buffer; readonly body: B } {
  let body: B | undefined;
  const bytes = typeof json === 'string' ? Buffer.from(json) : json;
  return {
    ...extra,
    bytes,
    get body(): B {
      return (body ??= JSON.parse(bytes.toString()) as B);
    },
  };
}
