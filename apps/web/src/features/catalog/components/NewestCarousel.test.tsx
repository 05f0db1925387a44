import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import i18n from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { newestQuery } from '../api/get-newest';
import { product } from '../test/helpers';
import { NewestCarousel } from './NewestCarousel';

const slides = Array.from({ length: 6 }, (_, i) => product({ id: 200001 + i, name: `Cube ${i + 1}` }));

beforeAll(async () => {
  await i18n.loadNamespaces('catalog');
});

function renderCarousel() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(newestQuery().queryKey, slides);
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <NewestCarousel />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The slide that is shown (the others are inert and hidden). */
const current = () => screen.getAllByTestId('carousel-slide').find((el) => el.getAttribute('aria-hidden') !== 'true');
const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

describe('NewestCarousel', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('advances every 5 s and wraps after the sixth slide', () => {
    renderCarousel();
    expect(current()).toHaveTextContent('Cube 1');
    advance(4_999);
    expect(current()).toHaveTextContent('Cube 1');
    advance(1);
    expect(current()).toHaveTextContent('Cube 2');
    for (let i = 0; i < 4; i++) advance(5_000);
    expect(current()).toHaveTextContent('Cube 6');
    advance(5_000);
    expect(current()).toHaveTextContent('Cube 1');
  });

  it('fetches the pictures of the shown and the next slide only, and keeps those shown', () => {
    renderCarousel();
    // The slides' pictures are decorative (alt=""): the slide's text names the product.
    const pictures = () => screen.getAllByTestId('carousel-slide').map((slide) => within(slide).queryByAltText('')?.getAttribute('src') ?? null);
    expect(pictures().map((src) => src !== null)).toEqual([true, true, false, false, false, false]);
    const first = within(screen.getAllByTestId('carousel-slide')[0]!).getByAltText('');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(first).toHaveAttribute('srcset', expect.stringContaining('320w'));
    expect(pictures()[0]).toMatch(/\/thumbnail\?/);
    advance(5_000);
    expect(pictures().map((src) => src !== null)).toEqual([true, true, true, false, false, false]);
    // Straight to the fifth slide: it and the sixth get their pictures; the others keep theirs.
    fireEvent.click(screen.getByRole('button', { name: /Cube 5/ }));
    expect(pictures().map((src) => src !== null)).toEqual([true, true, true, false, true, true]);
  });

  it('pauses while hovered and goes on after', () => {
    renderCarousel();
    const carousel = screen.getByTestId('newest-carousel');
    fireEvent.mouseEnter(carousel);
    advance(20_000);
    expect(current()).toHaveTextContent('Cube 1');
    fireEvent.mouseLeave(carousel);
    advance(5_000);
    expect(current()).toHaveTextContent('Cube 2');
  });

  it('pauses while the keyboard focus is inside', () => {
    renderCarousel();
    const next = screen.getByRole('button', { name: 'Next slide' });
    act(() => next.focus());
    advance(15_000);
    expect(current()).toHaveTextContent('Cube 1');
    act(() => next.blur());
    advance(5_000);
    expect(current()).toHaveTextContent('Cube 2');
  });

  it('has a pause control that stops the auto-advance until played again', () => {
    renderCarousel();
    const toggle = screen.getByRole('button', { name: 'Pause the slides' });
    fireEvent.click(toggle);
    // Pointer left and focus gone: still stopped.
    fireEvent.mouseLeave(screen.getByTestId('newest-carousel'));
    act(() => toggle.blur());
    advance(30_000);
    expect(current()).toHaveTextContent('Cube 1');
    fireEvent.click(screen.getByRole('button', { name: 'Play the slides' }));
    act(() => screen.getByRole('button', { name: 'Pause the slides' }).blur());
    advance(5_000);
    expect(current()).toHaveTextContent('Cube 2');
  });

  it('starts stopped for visitors who ask for reduced motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} }));
    try {
      renderCarousel();
      advance(20_000);
      expect(current()).toHaveTextContent('Cube 1');
      expect(screen.getByRole('button', { name: 'Play the slides' })).toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('moves with previous, next and the dots; each slide links to its product', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(current()).toHaveTextContent('Cube 6');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(current()).toHaveTextContent('Cube 1');
    fireEvent.click(screen.getByRole('button', { name: 'Slide 4: Cube 4' }));
    expect(current()).toHaveTextContent('Cube 4');
    expect(current()).toHaveAttribute('href', '/product/200004');
    expect(screen.getByRole('button', { name: 'Slide 4: Cube 4' })).toHaveAttribute('aria-current', 'true');
  });
});
