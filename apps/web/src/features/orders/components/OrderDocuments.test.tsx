import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { calls, server } from '@/test/msw/server';
import { renderScreen, resetSession, signIn } from '@/test/render';
import { OrderDocuments } from './OrderDocuments';

// The buyer's documents: each downloads with the bearer header (never a token in the URL) and is
// saved from memory under its file name, in the page's language or the other one.

const saved: { href: string; download: string }[] = [];

beforeAll(async () => {
  await i18n.loadNamespaces('orders');
});
beforeEach(() => {
  resetSession();
  signIn();
  saved.length = 0;
  // jsdom has no object URLs: the browser's part of saving a file.
  URL.createObjectURL = vi.fn(() => 'blob:pdf-1');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
  server.use(
    http.get('*/api/orders/:id/documents/:file', () => new HttpResponse(new Uint8Array([37, 80, 68, 70]), { headers: { 'content-type': 'application/pdf' } })),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('OrderDocuments', () => {
  const documents = [
    { kind: 'proforma' as const, url: '/api/orders/5001/documents/proforma.pdf' },
    { kind: 'invoice' as const, url: '/api/orders/5001/documents/invoice.pdf' },
  ];

  it('downloads a document with the bearer header and saves it under its name', async () => {
    renderScreen(<OrderDocuments order={{ id: 5001, documents }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Commercial invoice' }));
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:pdf-1', download: 'invoice-5001.pdf' }]));
    const [request] = calls('GET', '/api/orders/5001/documents/invoice.pdf');
    expect(request!.headers.authorization).toBe('Bearer user-token-123456');
    expect(request!.url).not.toContain('user-token-123456');
    expect(request!.query.get('lang')).toBe('en');

    fireEvent.click(screen.getByRole('button', { name: 'Download the Proforma invoice in Chinese' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(calls('GET', '/api/orders/5001/documents/proforma.pdf')[0]!.query.get('lang')).toBe('zh');
  });

  it('shows nothing when the order has no documents', () => {
    renderScreen(<OrderDocuments order={{ id: 5001, documents: [] }} />);
    expect(screen.queryByTestId('order-documents')).toBeNull();
  });
});
