import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from './cn';

export interface MenuProps {
  /** Content of the trigger button. */
  label: ReactNode;
  /** Accessible name of the trigger when its content is an icon or abbreviated. */
  ariaLabel?: string;
  buttonClassName?: string;
  menuClassName?: string;
  align?: 'left' | 'right';
  children: (close: () => void) => ReactNode;
}

function items(menu: HTMLElement | null): HTMLElement[] {
  return menu ? Array.from(menu.querySelectorAll<HTMLElement>('[role^="menuitem"]')) : [];
}

/**
 * A menu button: Enter, Space or ArrowDown opens it and focuses the first item, arrows move,
 * Escape closes and returns to the button, Tab or a click outside closes.
 */
export function Menu({ label, ariaLabel, buttonClassName, menuClassName, align = 'right', children }: MenuProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const close = useCallback((refocus = false) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    items(menuRef.current)[0]?.focus();
    const onPointer = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const onMenuKey = (event: KeyboardEvent) => {
    const list = items(menuRef.current);
    const index = list.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      list[(index + 1) % list.length]?.focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      list[(index - 1 + list.length) % list.length]?.focus();
    } else if (event.key === 'Home') {
      event.preventDefault();
      list[0]?.focus();
    } else if (event.key === 'End') {
      event.preventDefault();
      list[list.length - 1]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={ariaLabel}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          } else if (event.key === 'Escape' && open) {
            event.preventDefault();
            close(true);
          }
        }}
        className={buttonClassName}
      >
        {label}
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          // Focus moves to the items; the menu itself is focusable from script only (WAI-ARIA menu button pattern).
          tabIndex={-1}
          onKeyDown={onMenuKey}
          className={cn(
            'absolute z-50 mt-2 min-w-40 overflow-hidden rounded-md border border-gray-200 bg-white py-1 text-sm text-ink shadow-lg',
            align === 'right' ? 'right-0' : 'left-0',
            menuClassName,
          )}
        >
          {children(() => close(true))}
        </div>
      ) : null}
    </div>
  );
}

export const menuItemClass =
  'flex w-full items-center gap-2 px-3 py-2 text-left hover:bg-gray-100 focus:bg-gray-100 focus-visible:bg-brand-50 focus-visible:outline-none';
