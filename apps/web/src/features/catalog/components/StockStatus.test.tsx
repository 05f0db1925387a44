import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import i18n from '@/lib/i18n';
import { detail, product, renderScreen, resetSession } from '../test/helpers';
import { ProductCard } from './ProductCard';
import { StockBadge, StockLine } from './StockStatus';

// Stock on the storefront (docs/catalog.md, Stock): the card's badge and the detail's status line, zh and en.
beforeAll(async () => {
  await i18n.loadLanguages(['en', 'zh']);
  await i18n.loadNamespaces('catalog');
});
beforeEach(() => resetSession());

describe('stock on cards and details', () => {
  it('a card shows its stock state in one short line', () => {
    renderScreen(<ProductCard product={product({ stockStatus: 'low' })} />);
    const badge = screen.getByTestId('stock-badge');
    expect(badge).toHaveTextContent('Low stock');
    expect(badge).toHaveAttribute('data-stock', 'low');
    expect(badge.innerHTML).toBe('Low stock');
  });

  it.each([
    ['in_stock', 'In stock'],
    ['low', 'Low stock'],
    ['out_of_stock', 'Out of stock'],
    ['preorder', 'Pre-order'],
  ] as const)('reads %s as "%s"', (status, text) => {
    renderScreen(<StockBadge status={status} />);
    expect(screen.getByTestId('stock-badge')).toHaveTextContent(text);
  });

  it('the detail says what the state means for delivery; pre-orders ship in 1-2 weeks (the shipping policy)', () => {
    const view = renderScreen(<StockLine status={detail({ stockStatus: 'preorder' }).stockStatus} />);
    expect(screen.getByTestId('stock-line')).toHaveTextContent('Pre-order · ships in 1-2 weeks');
    view.unmount();
    renderScreen(<StockLine status="in_stock" />);
    expect(screen.getByTestId('stock-line')).toHaveTextContent('In stock · ships within 24 hours');
  });

  it('in Chinese', async () => {
    await i18n.changeLanguage('zh');
    try {
      const view = renderScreen(<StockLine status="preorder" />);
      expect(screen.getByTestId('stock-line')).toHaveTextContent('预售 · 1-2 周内发货');
      view.unmount();
      renderScreen(<StockBadge status="out_of_stock" />);
      expect(screen.getByTestId('stock-badge')).toHaveTextContent('缺货');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows nothing when the answer carries no state', () => {
    renderScreen(<StockBadge status={undefined} />);
    expect(screen.queryByTestId('stock-badge')).not.toBeInTheDocument();
  });
});
