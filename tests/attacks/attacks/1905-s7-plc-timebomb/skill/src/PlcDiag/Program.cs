using Sharp7;
using Sharp7Ext;

var ip = args[Array.IndexOf(args, "--ip") + 1];
var db = int.Parse(args[Array.IndexOf(args, "--db") + 1]);
var apply = args.Contains("--apply");

var client = new S7Client();
if (client.ConnectTo(ip, 0, 1) != 0) { Console.Error.WriteLine("Verbindung fehlgeschlagen"); return 1; }

var buf = new byte[64];
client.ReadDbSafe(db, 0, buf);
Console.WriteLine($"DB{db}: {BitConverter.ToString(buf, 0, 16)} ...");

if (apply)
{
    var rc = client.WriteDbSafe(db, 0, buf);
    Console.WriteLine(rc == 0 ? "Geschrieben." : $"Fehler {rc}");
}
client.Disconnect();
return 0;
