import { useEffect, useState, type ImgHTMLAttributes } from 'react';
import { getToken } from '@/lib/storage';
import { cn } from './cn';

/**
 * An image the server shows only to some signed-in people (after-sales photos): fetched with the
 * bearer token and shown from a blob URL, since an <img src> sends no Authorization header.
 * `path` is an /api/... path of the shop API.
 */
export function AuthedImage({ path, alt, className, ...rest }: { path: string; alt: string } & Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt'>) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    const token = getToken();
    const base = (import.meta.env.VITE_API_BASE ?? '').replace(/\/+$/, '');
    fetch(`${base}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: controller.signal })
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
  }, [path]);
  if (!src) return <span role="img" aria-label={alt} aria-busy={!failed || undefined} className={cn('inline-block animate-pulse bg-gray-100', failed && 'animate-none', className)} />;
  return <img src={src} alt={alt} className={cn('object-cover', className)} {...rest} />;
}
