import { useEffect, useRef, useState, type CSSProperties } from 'react';

interface Props {
  readonly title: string;
  /** Changes when the pack's cover does, so a new one is fetched. */
  readonly coverPath: string | null;
  readonly load: () => Promise<string | null>;
}

/** A soft tint from the title, so each placeholder differs a little but all stay quiet. */
export function tintOf(title: string): number {
  let hash = 0;
  for (const char of title) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 360;
  return hash;
}

export const initialOf = (title: string): string => (title.trim().charAt(0) || '?').toUpperCase();

/** The pack's cover, fetched once the card comes near the viewport; the title's initial on a tint until then. */
export function PackCover({ title, coverPath, load }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    setDataUrl(null);
    if (coverPath === null) return;
    let live = true;
    const fetchCover = () => void load().then((url) => live && setDataUrl(url));
    const element = ref.current;
    if (element === null || typeof IntersectionObserver === 'undefined') {
      fetchCover();
      return () => {
        live = false;
      };
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        fetchCover();
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => {
      live = false;
      observer.disconnect();
    };
    // `load` is recreated on each render of the library; the cover only changes with the pack's cover path.
  }, [coverPath]);
  return (
    <div ref={ref} className="pack-cover" aria-hidden="true" style={{ '--tint': tintOf(title) } as CoverStyle}>
      {dataUrl === null ? (
        <span className="pack-initial">{initialOf(title)}</span>
      ) : (
        <img src={dataUrl} alt="" decoding="async" />
      )}
    </div>
  );
}

type CoverStyle = CSSProperties & { readonly '--tint': number };
