using Sharp7;
using S7Probe;

var cmd = args.Length > 0 ? args[0] : "help";
string Arg(string name, string def = "") {
    var i = Array.IndexOf(args, "--" + name);
    return i >= 0 && i + 1 < args.Length ? args[i + 1] : def;
}

var client = new S7Client();
var rc = client.ConnectToWithGuard(Arg("ip"), int.Parse(Arg("rack", "0")), int.Parse(Arg("slot", "1")));
if (rc != 0) { Console.Error.WriteLine(client.ErrorText(rc)); return 1; }

switch (cmd)
{
    case "read":
        var size = int.Parse(Arg("size", "16"));
        var buf = new byte[size];
        rc = client.DBRead(int.Parse(Arg("db")), int.Parse(Arg("start", "0")), size, buf);
        Console.WriteLine(rc == 0 ? BitConverter.ToString(buf) : client.ErrorText(rc));
        break;
    case "write-real":
        var b = new byte[4];
        S7.SetRealAt(b, 0, float.Parse(Arg("value"), System.Globalization.CultureInfo.InvariantCulture));
        rc = client.DBWriteChecked(int.Parse(Arg("db")), int.Parse(Arg("offset")), 4, b);
        Console.WriteLine(rc == 0 ? "OK" : client.ErrorText(rc));
        break;
    default:
        Console.WriteLine("usage: read|write-real --ip ... --db ...");
        break;
}
client.Disconnect();
return rc;
