import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for a part of the shell the page can do without (footer, chat button, confirm
 * modal), loaded after the first render: if its chunk cannot be fetched, it renders nothing
 * instead of failing the whole page with the error screen.
 */
export function lazyOptional<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Nothing: ComponentType<P> = () => null;
  return lazy(() =>
    load().then(
      (Component) => ({ default: Component }),
      () => ({ default: Nothing }),
    ),
  );
}
