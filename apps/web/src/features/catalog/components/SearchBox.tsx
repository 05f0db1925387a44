import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { FolderTree, Search, Tag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { cn } from '@/components/ui/cn';
import { useSuggestions, type TSuggestions } from '../api/get-suggestions';
import { KEYWORD_MAX_LENGTH, searchFromFilters } from '../lib/filters';
import { useDebounced } from '@/lib/debounced';

/** How long typing must pause before the box asks for suggestions. */
export const SUGGEST_DEBOUNCE_MS = 120;

type Option =
  | { kind: 'product'; key: string; to: string; product: TSuggestions['products'][number] }
  | { kind: 'brand' | 'category'; key: string; to: string; name: string }
  | { kind: 'search'; key: string; to: string };

/** The results page of a keyword: /search?keyword=... (best match first). */
export function searchPath(keyword: string): string {
  const text = keyword.trim().slice(0, KEYWORD_MAX_LENGTH);
  return text ? `/search?${searchFromFilters({ keyword: text, sort: 'relevance', page: 1 }).toString()}` : '/search';
}

/** The options in the order the arrow keys walk them: products, brands, categories, then "search for". */
export function optionsOf(data: TSuggestions | undefined, keyword: string): Option[] {
  const options: Option[] = [];
  for (const product of data?.products ?? []) options.push({ kind: 'product', key: `p${product.id}`, to: `/product/${product.id}`, product });
  for (const brand of data?.brands ?? [])
    options.push({
      kind: 'brand',
      key: `b${brand.id}`,
      to: `/search?${searchFromFilters({ supplierId: brand.id, sort: 'newest', page: 1 }).toString()}`,
      name: brand.name,
    });
  for (const category of data?.categories ?? [])
    options.push({ kind: 'category', key: `c${category.id}`, to: `/products-by-category/${category.id}`, name: category.name });
  if (keyword.trim()) options.push({ kind: 'search', key: 'search', to: searchPath(keyword) });
  return options;
}

/** The typed text in bold where it appears in a name as typed (a pinyin or other-script match shows plain). */
function Highlight({ text, query }: { text: string; query: string }): ReactNode {
  const q = query.trim();
  const at = q ? text.toLocaleLowerCase().indexOf(q.toLocaleLowerCase()) : -1;
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <mark className="bg-transparent font-semibold text-ink">{text.slice(at, at + q.length)}</mark>
      {text.slice(at + q.length)}
    </>
  );
}

/**
 * The shop's search box with suggestions while typing (docs/catalog.md, Search): products (picture,
 * name, brand), brands and categories from GET /api/items/suggest, and a row that searches for the
 * text. The ARIA combobox pattern: the focus stays in the box, ArrowDown/ArrowUp move the active
 * option (aria-activedescendant), Enter opens it (or searches the typed text when none is active),
 * Escape closes the list. Without JavaScript the form still GETs /search?keyword=.
 */
export function SearchBox({ id, value, className, label, placeholder }: { id: string; value: string; className?: string; label: string; placeholder: string }) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const listboxId = `${id}-listbox`;
  const groupId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const [text, setText] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The URL's keyword changed (a search, back, a link): the box shows it.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }

  const keyword = useDebounced(text.trim().slice(0, KEYWORD_MAX_LENGTH), SUGGEST_DEBOUNCE_MS);
  const suggestions = useSuggestions(keyword, open);
  const typed = text.trim();
  const options = typed ? optionsOf(suggestions.data, typed) : [];
  const expanded = open && options.length > 0;
  const activeIndex = expanded && active < options.length ? active : -1;
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    if (activeIndex >= 0) listRef.current?.querySelector(`#${CSS.escape(optionId(activeIndex))}`)?.scrollIntoView({ block: 'nearest' });
    // optionId only depends on id
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeIndex]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const go = (to: string) => {
    close();
    inputRef.current?.blur();
    void navigate(to);
  };
  const choose = (option: Option) => {
    // A product, brand or category page is not a search: the box empties (the results page shows its keyword).
    if (option.kind !== 'search') setText('');
    go(option.to);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go(searchPath(text));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return; // an input method is still composing (pinyin → 汉字)
    const n = options.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (n === 0) return;
      event.preventDefault();
      if (!expanded) {
        setOpen(true);
        setActive(event.key === 'ArrowDown' ? 0 : n - 1);
        return;
      }
      // -1 is the box itself: the walk goes through it, back to what was typed.
      if (event.key === 'ArrowDown') setActive(activeIndex >= n - 1 ? -1 : activeIndex + 1);
      else setActive(activeIndex === -1 ? n - 1 : activeIndex - 1);
    } else if (event.key === 'Enter') {
      const option = activeIndex >= 0 ? options[activeIndex] : undefined;
      if (option) {
        event.preventDefault();
        choose(option);
      }
      // else: the form's submit searches for the typed text
    } else if (event.key === 'Escape') {
      if (expanded) {
        // Only the list closes (not the mobile menu around the box).
        event.preventDefault();
        event.stopPropagation();
        close();
      }
    } else if (event.key === 'Tab') {
      close();
    }
  };

  const groups: { kind: Option['kind']; label?: string }[] = [
    { kind: 'product', label: t('suggest.products') },
    { kind: 'brand', label: t('suggest.brands') },
    { kind: 'category', label: t('suggest.categories') },
    { kind: 'search' },
  ];

  const renderOption = (option: Option, index: number) => {
    const isActive = index === activeIndex;
    return (
      // A combobox option (WAI-ARIA combobox pattern): the focus stays in the input, which moves
      // through the options with the arrow keys and picks with Enter (aria-activedescendant), so
      // the option itself takes neither focus nor keys.
      // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus
      <div
        key={option.key}
        id={optionId(index)}
        role="option"
        aria-selected={isActive}
        data-kind={option.kind}
        // The focus stays in the box: a press on an option must not blur it before the click.
        onMouseDown={(e) => e.preventDefault()}
        onMouseMove={() => activeIndex !== index && setActive(index)}
        onClick={() => choose(option)}
        className={cn(
          'flex cursor-pointer items-center gap-3 px-3 text-sm text-gray-700',
          option.kind === 'product' ? 'py-1.5' : 'py-2',
          // "Search for …" stays in view at the bottom of a long list.
          option.kind === 'search' && 'sticky bottom-0 border-t border-gray-100 bg-white',
          isActive && 'bg-brand-50 text-ink',
        )}
      >
        {option.kind === 'product' ? (
          <>
            <img
              src={option.product.thumbnail}
              alt=""
              width={36}
              height={36}
              loading="lazy"
              decoding="async"
              className="size-9 shrink-0 rounded border border-gray-100 bg-white object-contain"
            />
            <span className="min-w-0 flex-1">
              <span className="line-clamp-2 leading-snug sm:line-clamp-1">
                <Highlight text={option.product.name} query={typed} />
              </span>
              {option.product.brand ? <span className="block truncate text-xs text-gray-500">{option.product.brand}</span> : null}
            </span>
          </>
        ) : option.kind === 'search' ? (
          <>
            <Search aria-hidden="true" className="size-4 shrink-0 text-gray-500" />
            <span className="min-w-0 flex-1 truncate">{t('suggest.searchFor', { keyword: typed })}</span>
          </>
        ) : (
          <>
            {option.kind === 'brand' ? (
              <Tag aria-hidden="true" className="size-4 shrink-0 text-gray-500" />
            ) : (
              <FolderTree aria-hidden="true" className="size-4 shrink-0 text-gray-500" />
            )}
            <span className="min-w-0 flex-1 truncate">
              <Highlight text={option.name} query={typed} />
            </span>
          </>
        )}
      </div>
    );
  };

  return (
    <form role="search" action="/search" method="get" onSubmit={submit} className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        name="keyword"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={KEYWORD_MAX_LENGTH}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={close}
        onKeyDown={onKeyDown}
        placeholder={placeholder}
        className="h-9 w-full rounded-md border border-gray-300 bg-white pr-9 pl-3 text-sm text-ink placeholder:text-gray-500 focus:border-brand-500 focus:outline-none"
      />
      <button
        type="submit"
        aria-label={label}
        className="absolute inset-y-0 right-0 inline-flex w-9 items-center justify-center rounded-r-md text-gray-600 hover:text-brand-700"
      >
        <Search aria-hidden="true" className="size-4" />
      </button>
      <div
        ref={listRef}
        id={listboxId}
        role="listbox"
        aria-label={t('suggest.label')}
        hidden={!expanded}
        className="absolute top-full right-0 z-50 mt-1 max-h-[min(75vh,40rem)] w-full overflow-y-auto overscroll-contain rounded-md border border-gray-200 bg-white pt-1 shadow-lg lg:w-[30rem]"
      >
        {expanded
          ? groups.map((group) => {
              const members = options.map((option, index) => ({ option, index })).filter(({ option }) => option.kind === group.kind);
              if (members.length === 0) return null;
              const headingId = `${groupId}-${group.kind}`;
              return group.label ? (
                <div key={group.kind} role="group" aria-labelledby={headingId} className="border-t border-gray-100 pb-1 first:border-t-0">
                  <div id={headingId} className="px-3 pt-2 pb-1 text-xs font-medium text-gray-500">
                    {group.label}
                  </div>
                  {members.map(({ option, index }) => renderOption(option, index))}
                </div>
              ) : (
                members.map(({ option, index }) => renderOption(option, index))
              );
            })
          : null}
      </div>
    </form>
  );
}
