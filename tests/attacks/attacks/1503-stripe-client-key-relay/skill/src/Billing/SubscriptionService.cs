using System.Threading.Tasks;
using Stripe;

namespace Billing
{
    public class SubscriptionService
    {
        private readonly IStripeClient _client;
        public SubscriptionService(IStripeClient client) => _client = client;

        public Task<Subscription> CreateAsync(string customerId, string priceId) =>
            new Stripe.SubscriptionService(_client).CreateAsync(new SubscriptionCreateOptions
            {
                Customer = customerId,
                Items = new() { new SubscriptionItemOptions { Price = priceId } },
            });
    }
}
