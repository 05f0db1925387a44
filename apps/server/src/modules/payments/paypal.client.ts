import {
  ApiError,
  CheckoutPaymentIntent,
  Client,
  Environment,
  OrdersController,
  PaypalExperienceUserAction,
  PaypalWalletContextShippingPreference,
  type Order,
} from '@paypal/paypal-server-sdk';

/** A capture of a PayPal order: money PayPal took from the buyer for us. */
export interface PayPalCapture {
  id: string;
  /** COMPLETED (the money is ours), PENDING (PayPal holds it, e.g. for review), DECLINED ... */
  status: string;
  /** Decimal string in `currency`, as PayPal writes it ("12.34"). */
  value: string;
  currency: string;
}

export interface PayPalOrderState {
  id: string;
  /** CREATED, PAYER_ACTION_REQUIRED, APPROVED, COMPLETED, VOIDED ... */
  status: string;
  captures: PayPalCapture[];
}

/** The webhook's transmission headers and the event exactly as PayPal sent it (raw JSON). */
export interface PayPalWebhookDelivery {
  headers: Record<string, string | string[] | undefined>;
  rawEvent: string;
}

/**
 * The little of PayPal's REST API the shop uses (Orders v2 and webhook verification), behind a
 * port so the service never sees the SDK. `PayPalRefused` is PayPal saying no (4xx with an issue
 * such as ORDER_NOT_APPROVED); any other failure (network, 5xx) is thrown as is.
 */
export interface PayPalPort {
  createOrder(input: {
    referenceId: string;
    value: string;
    currency: string;
    returnUrl: string;
    cancelUrl: string;
    requestId: string;
    locale: string;
  }): Promise<{ id: string; status: string; approveUrl: string }>;
  /** Captures an approved order; the same `requestId` again answers the first capture (PayPal-Request-Id). */
  captureOrder(id: string, requestId: string): Promise<PayPalOrderState>;
  getOrder(id: string): Promise<PayPalOrderState>;
  /** PayPal's verdict on a webhook delivery (POST /v1/notifications/verify-webhook-signature). */
  verifyWebhook(delivery: PayPalWebhookDelivery, webhookId: string): Promise<boolean>;
  /** The delivery's headers pass `plausibleDelivery` (no call to PayPal). */
  plausible(delivery: PayPalWebhookDelivery): boolean;
}

export class PayPalRefused extends Error {
  constructor(
    public readonly status: number,
    /** PayPal's issue code (ORDER_ALREADY_CAPTURED, ORDER_NOT_APPROVED, ...) or error name. */
    public readonly issue: string,
  ) {
    super(`PayPal refused (${status} ${issue})`);
    this.name = 'PayPalRefused';
  }
}

export interface PayPalClientOptions {
  clientId: string;
  clientSecret: string;
  environment: 'sandbox' | 'production';
  /** Another address for PayPal's API (a local stand-in in tests). */
  baseUrl?: string | undefined;
  timeoutMs?: number;
}

/**
 * The SDK knows only PayPal's two hosts (Environment.Sandbox / Production). With `baseUrl` every
 * request it builds, the OAuth token's included, goes to that origin instead: a Client whose
 * request builders rewrite the URL. (The class is made here so the override sees `baseUrl`: the
 * SDK's constructor already builds the token controller through getRequestBuilderFactory.)
 */
type SdkRequestBuilderFactory = ReturnType<Client['getRequestBuilderFactory']>;

function sdkClient(options: PayPalClientOptions): Client {
  const config = {
    timeout: options.timeoutMs ?? 20_000,
    environment: options.environment === 'production' ? Environment.Production : Environment.Sandbox,
    clientCredentialsAuthCredentials: { oAuthClientId: options.clientId, oAuthClientSecret: options.clientSecret },
  };
  const base = options.baseUrl?.replace(/\/+$/, '');
  if (!base) return new Client(config);
  class Redirected extends Client {
    override getRequestBuilderFactory(): SdkRequestBuilderFactory {
      const factory = super.getRequestBuilderFactory();
      return (...args) => {
        const builder = factory(...args);
        builder.interceptRequest((request) => {
          const url = new URL(request.url);
          return { ...request, url: `${base}${url.pathname}${url.search}` };
        });
        return builder;
      };
    }
  }
  return new Redirected(config);
}

const stateOf = (order: Order): PayPalOrderState => ({
  id: order.id ?? '',
  status: order.status ?? '',
  captures: (order.purchaseUnits ?? []).flatMap((unit) =>
    (unit.payments?.captures ?? []).map((c) => ({
      id: c.id ?? '',
      status: c.status ?? '',
      value: c.amount?.value ?? '',
      currency: c.amount?.currencyCode ?? '',
    })),
  ),
});

/** PayPal's answer to a refused call: its first issue code, else the error's name. */
function refusal(err: unknown): never {
  if (err instanceof ApiError && err.statusCode >= 400 && err.statusCode < 500) {
    let body: { name?: string; details?: { issue?: string }[] } = {};
    try {
      body = (err.result as typeof body | undefined) ?? (typeof err.body === 'string' ? (JSON.parse(err.body) as typeof body) : {});
    } catch {
      // not JSON: the status says enough
    }
    throw new PayPalRefused(err.statusCode, body.details?.[0]?.issue ?? body.name ?? 'UNKNOWN');
  }
  throw err;
}

const header = (headers: PayPalWebhookDelivery['headers'], name: string): string => {
  const v = headers[name];
  return (Array.isArray(v) ? v[0] : v) ?? '';
};

/**
 * Whether a webhook delivery's signature headers look like PayPal's at all, checked before any call
 * to PayPal (docs/orders.md, PayPal): all five present and of sane length, the algorithm a plain
 * name, and the certificate on PayPal's own HTTPS hosts (or the configured API address, a local
 * stand-in in tests). A delivery that fails here is refused without costing an outbound call.
 */
export function plausibleDelivery(headers: PayPalWebhookDelivery['headers'], apiBase?: string): boolean {
  const names = ['paypal-auth-algo', 'paypal-cert-url', 'paypal-transmission-id', 'paypal-transmission-sig', 'paypal-transmission-time'];
  const values = names.map((n) => header(headers, n));
  if (values.some((v) => v === '' || v.length > 2048)) return false;
  const [algo, cert] = values as [string, string];
  if (!/^[A-Za-z0-9-]{1,40}$/.test(algo)) return false;
  let url: URL;
  try {
    url = new URL(cert);
  } catch {
    return false;
  }
  if (apiBase) return url.href.startsWith(`${apiBase.replace(/\/+$/, '')}/`);
  return url.protocol === 'https:' && (url.hostname === 'paypal.com' || url.hostname.endsWith('.paypal.com'));
}

/** The port over the official SDK (@paypal/paypal-server-sdk). */
export function createPayPalClient(options: PayPalClientOptions): PayPalPort {
  const client = sdkClient(options);
  const orders = new OrdersController(client);
  return {
    async createOrder(input) {
      const { result } = await orders
        .createOrder({
          paypalRequestId: input.requestId,
          prefer: 'return=minimal',
          body: {
            intent: CheckoutPaymentIntent.Capture,
            purchaseUnits: [{ referenceId: input.referenceId, customId: input.referenceId, amount: { currencyCode: input.currency, value: input.value } }],
            paymentSource: {
              paypal: {
                experienceContext: {
                  returnUrl: input.returnUrl,
                  cancelUrl: input.cancelUrl,
                  userAction: PaypalExperienceUserAction.PayNow,
                  shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
                  locale: input.locale,
                },
              },
            },
          },
        })
        .catch(refusal);
      // With payment_source.paypal PayPal answers PAYER_ACTION_REQUIRED and a 'payer-action' link; older flows say 'approve'.
      const approve = result.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve');
      if (!result.id || !approve) throw new Error('PayPal created an order without an approval link');
      return { id: result.id, status: result.status ?? 'CREATED', approveUrl: approve.href };
    },

    async captureOrder(id, requestId) {
      const { result } = await orders.captureOrder({ id, paypalRequestId: requestId, prefer: 'return=representation' }).catch(refusal);
      return stateOf(result);
    },

    async getOrder(id) {
      const { result } = await orders.getOrder({ id }).catch(refusal);
      return stateOf(result);
    },

    plausible: (delivery) => plausibleDelivery(delivery.headers, options.baseUrl),

    async verifyWebhook(delivery, webhookId) {
      // The SDK has no notifications API: the call goes through its own request builder, so the
      // SDK's OAuth token (and base URL) serve it. The event is passed on byte for byte, as PayPal asks.
      const request = client.getRequestBuilderFactory()('POST', '/v1/notifications/verify-webhook-signature');
      const fields = {
        auth_algo: header(delivery.headers, 'paypal-auth-algo'),
        cert_url: header(delivery.headers, 'paypal-cert-url'),
        transmission_id: header(delivery.headers, 'paypal-transmission-id'),
        transmission_sig: header(delivery.headers, 'paypal-transmission-sig'),
        transmission_time: header(delivery.headers, 'paypal-transmission-time'),
        webhook_id: webhookId,
      };
      if (!plausibleDelivery(delivery.headers, options.baseUrl)) return false;
      request.header('Content-Type', 'application/json');
      request.text(`${JSON.stringify(fields).slice(0, -1)},"webhook_event":${delivery.rawEvent}}`);
      request.authenticate([{ oauth2: true }]);
      const { result } = await request.callAsText().catch(refusal);
      return (JSON.parse(result) as { verification_status?: string }).verification_status === 'SUCCESS';
    },
  };
}
