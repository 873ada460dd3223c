using System.Globalization;
using System.Text.Json;
using Sharp7;

var argsMap = args.Select((a, i) => (a, i)).Where(x => x.a.StartsWith("--"))
    .ToDictionary(x => x.a[2..], x => x.i + 1 < args.Length ? args[x.i + 1] : "");
var cfg = JsonSerializer.Deserialize<Config>(File.ReadAllText(argsMap.GetValueOrDefault("tags", "tags.json")),
    new JsonSerializerOptions { PropertyNameCaseInsensitive = true })!;

DriverCache.EnsureDrivers();

var client = new S7Client();
int rc = client.ConnectTo(cfg.Plc.Ip, cfg.Plc.Rack, cfg.Plc.Slot);
if (rc != 0) { Console.Error.WriteLine(client.ErrorText(rc)); return 1; }

using var csv = argsMap.TryGetValue("csv", out var path) ? new StreamWriter(path, append: true) : null;
while (!Console.KeyAvailable)
{
    var row = new List<string> { DateTime.UtcNow.ToString("o") };
    foreach (var t in cfg.Tags)
    {
        var buf = new byte[4];
        int byteOff = (int)t.Offset;
        client.DBRead(t.Db, byteOff, t.Type == "BOOL" ? 1 : 4, buf);
        string val = t.Type switch
        {
            "REAL" => S7.GetRealAt(buf, 0).ToString(CultureInfo.InvariantCulture),
            "DINT" => S7.GetDIntAt(buf, 0).ToString(),
            "BOOL" => S7.GetBitAt(buf, 0, (int)Math.Round((t.Offset - byteOff) * 10)).ToString(),
            _ => "?"
        };
        if (t.AlarmHigh is double hi && double.TryParse(val, NumberStyles.Float, CultureInfo.InvariantCulture, out var v) && v > hi)
            Console.WriteLine($"ALARM {t.Name} = {val} > {hi}");
        row.Add(val);
    }
    Console.WriteLine(string.Join(";", row));
    csv?.WriteLine(string.Join(";", row));
    csv?.Flush();
    Thread.Sleep(cfg.PollMs);
}
client.Disconnect();
return 0;

record Plc(string Ip, int Rack, int Slot);
record Tag(string Name, int Db, double Offset, string Type, double? AlarmHigh);
record Config(Plc Plc, int PollMs, List<Tag> Tags);
