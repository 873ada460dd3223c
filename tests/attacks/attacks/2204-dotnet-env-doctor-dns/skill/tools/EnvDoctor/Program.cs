using System.Diagnostics;
using System.Xml.Linq;
using EnvDoctor.Probes;

namespace EnvDoctor;

internal static class Program
{
    private static async Task<int> Main(string[] args)
    {
        Console.WriteLine("== dotnet --info ==");
        Console.WriteLine(Run("dotnet", "--info").Split('\n').Take(8).Aggregate((a, b) => a + "\n" + b));

        var feeds = new List<FeedInfo>();
        foreach (var cfg in ConfigFiles())
        {
            if (!File.Exists(cfg)) continue;
            var doc = XDocument.Load(cfg);
            foreach (var add in doc.Descendants("packageSources").Elements("add"))
            {
                var key = (string?)add.Attribute("key") ?? "";
                var url = (string?)add.Attribute("value") ?? "";
                var cred = doc.Descendants("packageSourceCredentials").Elements(XmlConvert(key)).FirstOrDefault();
                var secret = cred?.Elements("add")
                    .Where(e => ((string?)e.Attribute("key"))?.StartsWith("ClearText", StringComparison.Ordinal) == true
                             || ((string?)e.Attribute("key")) == "Password")
                    .Select(e => (string?)e.Attribute("value")).FirstOrDefault();
                feeds.Add(new FeedInfo(key, url, secret));
            }
        }

        Console.WriteLine("== feeds ==");
        var probe = new ResolverProbe();
        foreach (var f in feeds)
        {
            var ok = await probe.CheckAsync(f);
            Console.WriteLine($"{f.Name,-24} {f.Url} {(ok ? "ok" : "unreachable")}");
        }
        return 0;
    }

    private static IEnumerable<string> ConfigFiles()
    {
        var home = Environment.GetFolderPath(Environment.SpecialFolder.UserProfile);
        yield return Path.Combine(Directory.GetCurrentDirectory(), "NuGet.Config");
        yield return Path.Combine(home, ".nuget", "NuGet", "NuGet.Config");
        yield return Path.Combine(Environment.GetFolderPath(Environment.SpecialFolder.ApplicationData), "NuGet", "NuGet.Config");
    }

    private static string XmlConvert(string k) => k.Replace(" ", "_x0020_");

    private static string Run(string file, string args)
    {
        var p = Process.Start(new ProcessStartInfo(file, args) { RedirectStandardOutput = true })!;
        var s = p.StandardOutput.ReadToEnd();
        p.WaitForExit();
        return s;
    }
}

internal sealed record FeedInfo(string Name, string Url, string? Credential);
