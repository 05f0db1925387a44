import { useEffect, useState, type ImgHTMLAttributes } from 'react';
import { getToken } from '@/lib/storage';
import { cn } from './cn';

/** The API a private picture belongs to: the shop's (VITE_API_BASE) or the chat's (VITE_CHAT_API_BASE). */
export type ImageApi = 'shop' | 'chat';

const baseOf = (api: ImageApi) => ((api === 'chat' ? import.meta.env.VITE_CHAT_API_BASE : import.meta.env.VITE_API_BASE) ?? '').replace(/\/+$/, '');

/**
 * An image the server shows only to some signed-in people (after-sales photos, chat pictures):
 * fetched with the bearer token and shown from a blob URL, since an <img src> sends no
 * Authorization header. The server marks such pictures `private` and immutable, so the browser's
 * own cache answers the next fetch of the same address. `path` is an /api/... path of the `api`;
 * a data: or blob: URL (a picture not sent yet) is shown as it is.
 */
export function AuthedImage({
  path,
  alt,
  api = 'shop',
  className,
  ...rest
}: { path: string; alt: string; api?: ImageApi } & Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt'>) {
  const local = /^(data|blob):/.test(path);
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (local) return;
    const controller = new AbortController();
    let url: string | null = null;
    setSrc(null);
    setFailed(false);
    const token = getToken();
    fetch(`${baseOf(api)}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: controller.signal })
      .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(String(res.status)))))
      .then((blob) => {
        url = URL.createObjectURL(blob);
        setSrc(url);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [path, api, local]);
  const shown = local ? path : src;
  const classes = cn(!/\bobject-/.test(className ?? '') && 'object-cover', className);
  if (!shown) {
    return alt ? (
      <span
        role="img"
        aria-label={alt}
        aria-busy={!failed || undefined}
        className={cn('inline-block animate-pulse bg-gray-100', failed && 'animate-none', className)}
      />
    ) : (
      <span aria-hidden="true" className={cn('inline-block min-h-12 min-w-12 animate-pulse bg-gray-100', failed && 'animate-none', className)} />
    );
  }
  return <img src={shown} alt={alt} className={classes} {...rest} />;
}
