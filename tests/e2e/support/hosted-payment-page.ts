import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HostedPaymentPage {
  /** The payment-link URL to configure (STRIPE_PAYMENT_LINK_URL). */
  url: string;
  /** Every page the browser opened here, with its query. */
  visits: URL[];
  close(): Promise<void>;
}

/**
 * Test double at the edge of the network: stands in for Stripe's hosted
 * payment-link page (buy.stripe.com), which a browser test cannot reach.
 */
export async function startHostedPaymentPage(): Promise<HostedPaymentPage> {
  const visits: URL[] = [];
  const server = http.createServer((req, res) => {
    const { port } = server.address() as AddressInfo;
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    if (url.pathname === '/favicon.ico') {
      res.writeHead(404).end();
      return;
    }
    visits.push(url);
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>Hosted payment page</title><h1>Hosted payment page</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/b/test_payment_link`,
    visits,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
