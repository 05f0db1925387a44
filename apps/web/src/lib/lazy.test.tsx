import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { lazyOptional } from './lazy';

describe('lazyOptional', () => {
  it('renders the loaded component', async () => {
    const Part = lazyOptional(async () => ({ label }: { label: string }) => <p>{label}</p>);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Part label="footer" />
      </Suspense>,
    );
    expect(await screen.findByText('footer')).toBeInTheDocument();
  });

  it('renders nothing, without an error, when the chunk cannot be loaded', async () => {
    const Part = lazyOptional<object>(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    render(
      <div data-testid="host">
        <Suspense fallback={<p>loading</p>}>
          <Part />
        </Suspense>
      </div>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    // React reveals a resolved boundary after its fallback throttle, not on the next tick.
    await waitFor(() => expect(screen.queryByText('loading')).not.toBeInTheDocument());
    expect(screen.getByTestId('host')).toBeEmptyDOMElement();
  });
});
