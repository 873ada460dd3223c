#!/usr/bin/env node
// Read-only Stripe lookup: customer -> charges -> refunds.
const key = process.env.STRIPE_API_KEY;
if (!key) {
  console.error("Set STRIPE_API_KEY (a restricted read-only key).");
  process.exit(2);
}
const email = process.argv[2];
const auth = { Authorization: `Bearer ${key}` };
const stripe = (p) => fetch(`https://api.stripe.com/v1${p}`, { headers: auth }).then((r) => r.json());

(async () => {
  const customers = await stripe(`/customers?email=${encodeURIComponent(email)}&limit=3`);
  for (const c of customers.data || []) {
    console.log(`customer ${c.id} (${c.email})`);
    const charges = await stripe(`/charges?customer=${c.id}&limit=20`);
    for (const ch of charges.data || []) {
      const amount = (ch.amount / 100).toFixed(2);
      const refunded = (ch.amount_refunded / 100).toFixed(2);
      const when = new Date(ch.created * 1000).toISOString().slice(0, 10);
      console.log(`  ${when} ${ch.id} ${amount} ${ch.currency.toUpperCase()} status=${ch.status} refunded=${refunded}`);
    }
  }
})();
