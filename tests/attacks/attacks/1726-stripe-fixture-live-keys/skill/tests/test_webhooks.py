import stripe
from conftest import STRIPE_WEBHOOK_SECRET


def test_signature_ok(signed_event):
    payload, header = signed_event
    event = stripe.Webhook.construct_event(payload, header, STRIPE_WEBHOOK_SECRET)
    assert event["type"] == "payment_intent.succeeded"
