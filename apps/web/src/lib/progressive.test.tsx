import { describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { useProgressiveList } from './progressive';

const hundred = Array.from({ length: 100 }, (_, i) => i);

function List({ items }: { items: readonly number[] }) {
  const shown = useProgressiveList(items, 24);
  return (
    <ul>
      {shown.map((i) => (
        <li key={i}>{i}</li>
      ))}
    </ul>
  );
}

describe('useProgressiveList', () => {
  it('renders the first items on the server, then the rest in the browser', async () => {
    // The server's HTML (and so the hydrating render) holds the first 24 only.
    expect(renderToString(<List items={hundred} />).match(/<li>/g)).toHaveLength(24);
    const { result } = renderHook(({ items }) => useProgressiveList(items, 24), { initialProps: { items: hundred } });
    await waitFor(() => expect(result.current).toHaveLength(100));
    expect(result.current).toBe(hundred);
  });

  it('adds the rest a step at a time, each step after the browser has had a turn', async () => {
    const seen: number[] = [];
    const { result } = renderHook(
      ({ items }) => {
        const shown = useProgressiveList(items, 24, 30);
        seen.push(shown.length);
        return shown;
      },
      { initialProps: { items: hundred } },
    );
    await waitFor(() => expect(result.current).toHaveLength(100));
    expect([...new Set(seen)]).toEqual([24, 54, 84, 100]);
  });

  it('starts again from the first items when the list changes, and keeps a short list whole', async () => {
    const other = hundred.map((i) => i + 1000);
    const { result, rerender } = renderHook(({ items }) => useProgressiveList(items, 24), { initialProps: { items: hundred } });
    await waitFor(() => expect(result.current).toHaveLength(100));
    rerender({ items: other });
    expect(result.current[0]).toBe(1000);
    await waitFor(() => expect(result.current).toBe(other));
    const few = [1, 2, 3];
    rerender({ items: few });
    expect(result.current).toBe(few);
  });
});
