import { Heart, ShoppingCart } from 'lucide-react';
import { cn } from './cn';

/**
 * Icons drawn many times on one page (a heart and a cart on each of 120 product cards) as one
 * inline sprite and a <use> each: ~80 bytes of HTML per icon instead of a whole SVG. The sprite is
 * rendered once by the root layout; the icons take the text colour (currentColor).
 */
const SPRITES = {
  heart: <Heart />,
  'heart-filled': <Heart fill="currentColor" />,
  cart: <ShoppingCart />,
} as const;
export type SpriteName = keyof typeof SPRITES;

export function IconSprite() {
  return (
    <svg aria-hidden="true" width="0" height="0" className="absolute">
      {Object.entries(SPRITES).map(([name, icon]) => (
        <symbol key={name} id={`icon-${name}`} viewBox="0 0 24 24">
          {icon}
        </symbol>
      ))}
    </svg>
  );
}

export function SpriteIcon({ name, className }: { name: SpriteName; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={cn('shrink-0', className)}>
      <use href={`#icon-${name}`} />
    </svg>
  );
}
